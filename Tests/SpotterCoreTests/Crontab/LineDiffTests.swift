import SpotterCore
import Testing

@Suite struct LineDiffTests {
  @Test func showsAddedAndRemovedLinesWithContext() {
    let old = "a\nb\nc\nd\ne\nf\ng\n"
    let new = "a\nb\nc\nd\nX\nf\ng\nh\n"
    let diff = LineDiff().unified(from: old, to: new, oldName: "old", newName: "new")
    #expect(diff == "--- old\n+++ new\n@@ -2,6 +2,7 @@\n b\n c\n d\n-e\n+X\n f\n g\n+h\n")
  }

  /// A CRLF crontab is compared line by line, not as one line ("\r\n" is one Character).
  @Test func aCRLFCrontabIsComparedLineByLine() {
    let old = "a\r\nb\r\nc\r\n"
    let new = "a\r\nb\r\nc\r\n# BEGIN spotter\nx\n# END spotter\n"
    #expect(
      LineDiff().unified(from: old, to: new, oldName: "o", newName: "n")
        == "--- o\n+++ n\n@@ -1,3 +1,6 @@\n a\n b\n c\n+# BEGIN spotter\n+x\n+# END spotter\n")
  }

  @Test func equalTextsGiveNoDiffAndAnEmptyOldTextOnlyAdditions() {
    #expect(LineDiff().unified(from: "a\n", to: "a\n", oldName: "o", newName: "n").isEmpty)
    #expect(
      LineDiff().unified(from: "", to: "x\n", oldName: "o", newName: "n")
        == "--- o\n+++ n\n@@ -0,0 +1,1 @@\n+x\n")
  }
  /// A block replaced inside a crontab of 100,000 lines: only the middle that differs is
  /// compared, so the diff is its hunk alone (the table was 10¹⁰ cells, 80 GB).
  @Test func aLongCrontabIsComparedOnlyWhereItDiffers() {
    let lines = (0..<100_000).map { "0 \($0 % 24) * * * job-\($0)" }
    let old = (lines[..<50_000] + ["# block v1", "a", "b"] + lines[50_000...]).joined(separator: "\n") + "\n"
    let new = (lines[..<50_000] + ["# block v2", "a", "c"] + lines[50_000...]).joined(separator: "\n") + "\n"
    let diff = LineDiff().unified(from: old, to: new, oldName: "o", newName: "n")
    #expect(diff.split(separator: "\n").count == 14, "\(diff)")
    #expect(diff.contains("-# block v1\n+# block v2\n a\n-b\n+c\n"))
  }

  /// Two middles too big to compare are shown as removed, then added, and the diff still
  /// turns the old text into the new.
  @Test func middlesTooBigToCompareAreRemovedThenAdded() {
    let old = (0..<3_000).map { "old \($0)" }.joined(separator: "\n") + "\n"
    let new = (0..<3_000).map { "new \($0)" }.joined(separator: "\n") + "\n"
    let diff = LineDiff().unified(from: old, to: new, oldName: "o", newName: "n")
    let body = diff.split(separator: "\n").dropFirst(3)
    #expect(
      body.filter { $0.hasPrefix("-") }.map { $0.dropFirst() } == old.split(separator: "\n").map { $0[...] })
    #expect(
      body.filter { $0.hasPrefix("+") }.map { $0.dropFirst() } == new.split(separator: "\n").map { $0[...] })
    #expect(diff.hasPrefix("--- o\n+++ n\n@@ -1,3000 +1,3000 @@\n"))
  }
}
