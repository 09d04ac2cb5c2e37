import Foundation
import SpotterCore

/// The offsets a TZif file (RFC 8536) gives, read from its bytes: its transitions, and the POSIX
/// TZ string of its footer for the instants after the last one.
///
/// A copied `/etc/localtime` from another tzdata build (a container image, PyPI's tzdata, a
/// `right/` file) has other bytes than the machine's own file of the same zone, but the same
/// offsets at the same instants; comparing those identifies the zone cron runs in.
struct TZifRules: Sendable {
  /// Transition instants (seconds since 1970, UTC), ascending, with the offset from each on.
  var transitions: [(at: Int64, offset: Int)] = []
  /// The offset before the first transition.
  var initialOffset = 0
  /// The footer's rule, for instants after the last transition.
  var footer: PosixRule?

  /// Parses `data`; nil when it is not a TZif file this reader understands.
  init?(_ data: Data) {
    let bytes = [UInt8](data)
    guard bytes.count >= 44, bytes[0...3] == [0x54, 0x5A, 0x69, 0x66] else { return nil }
    func count(_ at: Int, _ index: Int) -> Int? {
      let start = at + 20 + index * 4
      guard start + 4 <= bytes.count else { return nil }
      return Int(bytes[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
    func int(_ at: Int, _ size: Int) -> Int64? {
      guard at >= 0, at + size <= bytes.count else { return nil }
      let raw = bytes[at..<at + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return size == 4 ? Int64(Int32(truncatingIfNeeded: raw)) : Int64(bitPattern: raw)
    }
    // The v1 block, skipped for v2+ whose second block has 64-bit times.
    func blockLength(_ at: Int, timeSize: Int) -> Int? {
      guard let isut = count(at, 0), let isstd = count(at, 1), let leap = count(at, 2),
        let time = count(at, 3),
        let type = count(at, 4), let char = count(at, 5), type > 0, time < 1_000_000, type < 256,
        char < 100_000, leap < 100_000
      else { return nil }
      return 44 + time * timeSize + time + type * 6 + char + leap * (timeSize + 4) + isstd + isut
    }
    let version = bytes[4]
    var header = 0
    var timeSize = 4
    if version >= 0x32 {
      guard let first = blockLength(0, timeSize: 4) else { return nil }
      header = first
      timeSize = 8
    }
    guard let length = blockLength(header, timeSize: timeSize), header + length <= bytes.count,
      let timeCount = count(header, 3), let typeCount = count(header, 4)
    else { return nil }
    let timesAt = header + 44
    let indicesAt = timesAt + timeCount * timeSize
    let typesAt = indicesAt + timeCount
    var offsets: [Int] = []
    for type in 0..<typeCount {
      guard let offset = int(typesAt + type * 6, 4) else { return nil }
      offsets.append(Int(offset))
    }
    initialOffset = offsets[0]
    for index in 0..<timeCount {
      guard let at = int(timesAt + index * timeSize, timeSize) else { return nil }
      let type = Int(bytes[indicesAt + index])
      guard type < offsets.count else { return nil }
      transitions.append((at, offsets[type]))
    }
    if version >= 0x32 {
      let rest = bytes[(header + length)...]
      if rest.first == 0x0A, let end = rest.dropFirst().firstIndex(of: 0x0A) {
        footer = PosixRule(String(decoding: rest[(rest.startIndex + 1)..<end], as: UTF8.self))
      }
    }
  }

  /// The offset from UTC at `instant`, in seconds.
  func offset(at instant: Int64) -> Int {
    if let last = transitions.last, instant >= last.at, let footer { return footer.offset(at: instant) }
    if transitions.isEmpty, let footer { return footer.offset(at: instant) }
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) / 2
      if transitions[middle].at <= instant { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? initialOffset : transitions[low - 1].offset
  }

  /// The instants in `range` where the offset changes, from the transitions and the footer's rule.
  func changes(in range: ClosedRange<Int64>) -> [Int64] {
    var result = transitions.map(\.at).filter { range.contains($0) }
    if let footer {
      let firstYear = LocalDate(daysSinceEpoch: Int(range.lowerBound / 86400)).year
      let lastYear = LocalDate(daysSinceEpoch: Int(range.upperBound / 86400)).year
      for year in firstYear...lastYear { result += footer.changes(in: year).filter { range.contains($0) } }
    }
    return result
  }
}
