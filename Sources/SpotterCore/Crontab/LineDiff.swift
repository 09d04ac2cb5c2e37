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

  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The edit script of a longest common subsequence; crontabs are small, so O(n·m) is fine.
  private static func steps(_ a: [String], _ b: [String]) -> [Step] {
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
