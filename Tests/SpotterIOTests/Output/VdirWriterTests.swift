import Foundation
import SpotterIO
import Testing
import _SpotterTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The vdir is synced an item at a time: each written as it comes, ended ones removed only when
/// the sync finishes, and nothing but Spotter's own files touched.
@Suite struct VdirWriterTests {
  let directory = TestScratch.root
    .appendingPathComponent("spotter-vdir-\(UUID().uuidString)").path

  func files() throws -> [String: String] {
    var result: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      result[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }
    return result
  }

  /// A whole sync of `items` (UID → text), put in UID order.
  func syncAll(_ items: [String: String]) throws {
    var sync = try VdirWriter(directory: directory).begin()
    for (uid, text) in items.sorted(by: { $0.key < $1.key }) { try sync.put(uid, text) }
    try sync.finish()
  }

  @Test func itemsPutOneAtATimeReplaceSpottersFilesAndLeaveOthers() throws {
    let writer = VdirWriter(directory: directory)
    try syncAll(["a@spotter": "A1", "b@spotter": "B1"])
    try "mine".write(toFile: directory + "/other.ics", atomically: false, encoding: .utf8)
    var sync = try writer.begin()
    try sync.put("c@spotter", "C1")
    try sync.put("a@spotter", "A2")
    try sync.finish()
    #expect(try files() == ["a@spotter.ics": "A2", "c@spotter.ics": "C1", "other.ics": "mine"])
  }

  @Test func aSyncNeverFinishedRemovesNothing() throws {
    let writer = VdirWriter(directory: directory)
    try syncAll(["a@spotter": "A1", "b@spotter": "B1"])
    // A walk that throws after its first item never finishes its sync.
    var sync = try writer.begin()
    try sync.put("a@spotter", "A2")
    // b was not put before the failure, but it may not have ended: it stays.
    #expect(try files() == ["a@spotter.ics": "A2", "b@spotter.ics": "B1"])
  }

  @Test func anUnchangedItemIsNotRewritten() throws {
    let writer = VdirWriter(directory: directory)
    try syncAll(["a@spotter": "A1"])
    let path = directory + "/a@spotter.ics"
    let before = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    var sync = try writer.begin()
    try sync.put("a@spotter", "A1")
    try sync.finish()
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before)
  }

  /// An item is read only as far as its own size and never through a link: one a sync left
  /// huge (a sparse 10 GB file took 56 s and 10 GB of memory to be read whole) and one that is a
  /// link are rewritten without being read, and the link's target is left alone.
  @Test func aHugeOrLinkedItemIsRewrittenUnread() throws {
    try syncAll(["a@spotter": "A1", "b@spotter": "B1", "c@spotter": "C1"])
    let target = directory + "/../target-\(UUID().uuidString)"
    try "C1".write(toFile: target, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: target) }
    #expect(truncate(directory + "/a@spotter.ics", off_t(10) << 30) == 0)
    try FileManager.default.removeItem(atPath: directory + "/c@spotter.ics")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/c@spotter.ics", withDestinationPath: target)
    try syncAll(["a@spotter": "A1", "b@spotter": "B1", "c@spotter": "C1"])
    #expect(try files() == ["a@spotter.ics": "A1", "b@spotter.ics": "B1", "c@spotter.ics": "C1"])
    let kind = try FileManager.default.attributesOfItem(atPath: directory + "/c@spotter.ics")[.type]
    #expect(kind as? FileAttributeType == .typeRegular)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "C1")
  }

  @Test func everyEndedItemGoesThoughTheyAreRemovedWhileTheDirectoryIsRead() throws {
    let writer = VdirWriter(directory: directory)
    try syncAll(Dictionary(uniqueKeysWithValues: (0..<600).map { ("item-\($0)@spotter", "T\($0)") }))
    try "mine".write(toFile: directory + "/note@example.ics", atomically: false, encoding: .utf8)
    var sync = try writer.begin()
    for index in stride(from: 0, to: 600, by: 60) { try sync.put("item-\(index)@spotter", "T\(index)") }
    try sync.finish()
    let kept = stride(from: 0, to: 600, by: 60).map { "item-\($0)@spotter.ics" }
    #expect(Set(try files().keys) == Set(kept + ["note@example.ics"]))
  }
}
