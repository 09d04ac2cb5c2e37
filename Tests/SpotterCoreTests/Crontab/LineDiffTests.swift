import SpotterCore
import Testing

@Suite struct LineDiffTests {
  @Test func showsAddedAndRemovedLinesWithContext() {
    let old = "a\nb\nc\nd\ne\nf\ng\n"
    let new = "a\nb\nc\nd\nX\nf\ng\nh\n"
    let diff = LineDiff().unified(from: old, to: new, oldName: "old", newName: "new")
    #expect(diff == "--- old\n+++ new\n@@ -2,6 +2,7 @@\n b\n c\n d\n-e\n+X\n f\n g\n+h\n")
  }

  @Test func equalTextsGiveNoDiffAndAnEmptyOldTextOnlyAdditions() {
    #expect(LineDiff().unified(from: "a\n", to: "a\n", oldName: "o", newName: "n").isEmpty)
    #expect(
      LineDiff().unified(from: "", to: "x\n", oldName: "o", newName: "n")
        == "--- o\n+++ n\n@@ -0,0 +1,1 @@\n+x\n")
  }
}
