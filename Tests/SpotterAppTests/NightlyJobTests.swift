import Foundation
import SpotterApp
import SpotterCore
import Testing

/// The end of a night, in process, as `run` and `batch` share it: its text, its failures and
/// their code, and a run log only for a night that did something.
@Suite struct NightlyJobTests {
  let evening = "2026-11-22T21:30:00+01:00"

  func logs(_ box: AppSandbox) -> [String] {
    let folder = box.dir.path + "/xdg-state/spotter"
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasPrefix("run-")
    }
    .sorted().map { (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "" }
  }

  @Test func aNightThatDidSomethingKeepsItsLogAndAQuietOneKeepsNone() throws {
    let box = try AppSandbox()
    let export = try box.strongExport()
    let first = try NightlyJob(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    #expect(first.failures.isEmpty && first.changed)
    #expect(first.text.hasPrefix("imported \(export) (strong-csv): 33 new"), "\(first.text)")
    #expect(logs(box) == [first.text + "\n"])
    let again = try NightlyJob(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    #expect(!again.changed && again.report.isQuiet)
    #expect(logs(box).count == 1)
  }

  /// A missing export: the night goes on from the store, the failure and its code come back,
  /// and the log holds both the lines and the error; a batch user's notices go in with them.
  @Test func aFailureIsReportedWithItsCodeAndLoggedWithTheNotices() throws {
    let box = try AppSandbox()
    let workspace = try box.workspace(at: evening)
    let missing = box.dir.path + "/gone.csv"
    let ending = try NightlyJob(workspace: workspace).run(
      histories: [missing], horizon: .coming(count: 1), outputDirectory: box.out, noticesInLog: true)
    #expect(ending.failures == ["\(missing): No such file or directory"])
    #expect(ending.exitCode == 74)
    let log = try #require(logs(box).first)
    #expect(log.contains("error: \(missing): No such file or directory"))
    // The store's first write pinned the zone and language: said in the log, not left for stderr.
    #expect(log.contains("spotter: note: the store now keeps"), "\(log)")
    #expect(workspace.notices.drain().isEmpty)
  }
}
