/// A unified diff of two texts, line by line, for `spotter agenda install --dry-run`.
public struct LineDiff: Sendable {
  public var context: Int

  public init(context: Int = 3) {
    self.context = context
  }

  private enum Step {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// `diff -u` style hunks; empty when the texts are equal.
  public func unified(from old: String, to new: String, oldName: String, newName: String) -> String {
    let a = Self.lines(old)
    let b = Self.lines(new)
    guard a != b else { return "" }
    let steps = Self.steps(a, b)
    let changes = steps.indices.filter { if case .same = steps[$0] { false } else { true } }
    var hunks: [Range<Int>] = []
    for change in changes {
      let lower = max(0, change - context)
      let upper = min(steps.count, change + 1 + context)
      if let last = hunks.last, lower <= last.upperBound {
        hunks[hunks.count - 1] = last.lowerBound..<upper
      } else {
        hunks.append(lower..<upper)
      }
    }
    var text = "--- \(oldName)\n+++ \(newName)\n"
    var oldLine = 1
    var newLine = 1
    var position = 0
    for hunk in hunks {
      for step in steps[position..<hunk.lowerBound] {
        if case .added = step {} else { oldLine += 1 }
        if case .removed = step {} else { newLine += 1 }
      }
      var oldCount = 0
      var newCount = 0
      var body = ""
      for step in steps[hunk] {
        switch step {
        case .same(let line):
          body += " \(line)\n"
          oldCount += 1
          newCount += 1
        case .removed(let line):
          body += "-\(line)\n"
          oldCount += 1
        case .added(let line):
          body += "+\(line)\n"
          newCount += 1
        }
      }
      text += "@@ -\(oldCount == 0 ? oldLine - 1 : oldLine),\(oldCount) "
      text += "+\(newCount == 0 ? newLine - 1 : newLine),\(newCount) @@\n" + body
      oldLine += oldCount
      newLine += newCount
      position = hunk.upperBound
    }
    return text
  }

  /// The lines of `text`, a CRLF crontab's too.
  static func lines(_ text: String) -> [String] {
    var lines = text.splitLines().map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The most cells the longest-common-subsequence table may have: 32 MB of them.
  static let tableLimit = 4_000_000

  /// The edit script: the lines both texts begin and end with are kept as they are, and only
  /// the middle that differs is compared, by a longest common subsequence.
  ///
  /// A crontab may be anyone's and of any length, and the table is the product of the two
  /// middles: a middle too big for ``tableLimit`` is shown as all removed, then all added, in
  /// linear time and memory. An agenda block replaced inside a long crontab is a small middle.
  private static func steps(_ a: [String], _ b: [String]) -> [Step] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    let (product, overflow) = (middleA.count + 1).multipliedReportingOverflow(by: middleB.count + 1)
    let middle =
      !overflow && product <= tableLimit
      ? subsequenceSteps(middleA, middleB) : middleA.map(Step.removed) + middleB.map(Step.added)
    return a[..<prefix].map(Step.same) + middle + a[(a.count - suffix)...].map(Step.same)
  }

  /// The edit script of a longest common subsequence of `a` and `b`, O(n·m).
  private static func subsequenceSteps(_ a: [String], _ b: [String]) -> [Step] {
    let n = a.count
    let m = b.count
    var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i * (m + 1) + j] =
          a[i] == b[j]
          ? table[(i + 1) * (m + 1) + j + 1] + 1
          : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
      }
    }
    var steps: [Step] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        steps.append(.same(a[i]))
        i += 1
        j += 1
      } else if i < n, j == m || table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] {
        steps.append(.removed(a[i]))
        i += 1
      } else {
        steps.append(.added(b[j]))
        j += 1
      }
    }
    return steps
  }
}
