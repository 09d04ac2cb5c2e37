import ArgumentParser
import Foundation
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "batch",
      abstract: "The nightly run of many users in one process: a shard of a JSON Lines manifest.",
      discussion: """
        Each manifest line is one user, every path explicit: \
        {"id":"u1","db":"…/s.sqlite","config":"…/config.toml","out":"…/out","state":"…/state"} and \
        optionally "history":[…]. Each user's night is exactly `spotter run` with those paths and \
        nothing of this process's environment. A user belongs to shard I of N by a hash of its id. \
        A line that is no user, or repeats an earlier line's id, store or output folder, is \
        refused with its line named, and the other users run. Exit 0 when every user was \
        attempted (failures are in the summary and --json), 75 when users stayed busy (a retry \
        helps), 74 when the summary could not be kept, 78 when lines were refused, 64, 66 or 78 \
        when the shard cannot run.
        """)

    @Option(help: "The manifest: JSON Lines, one user per line.")
    var users: String

    @Option(help: "This shard, I/N (0-based), or auto (Slurm's array task, a Kubernetes job index).")
    var shard = "0/1"

    @Option(help: "Users in flight at once (default: the CPUs this process may use).")
    var jobs: Int?

    @Option(
      help:
        "The current instant, ISO 8601 (without an offset, each user's own local time); default: the clock.")
    var now: String?

    @Option(
      help: "Append each user's result to this JSON Lines file; a re-run the same night skips those done.")
    var summary: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
      if let jobs, !(1...256).contains(jobs) {
        throw ValidationError("--jobs must be 1 to 256, not \(jobs).")
      }
    }

    func run() throws {
      let environment = ProcessInfo.processInfo.environment
      do {
        let service = BatchService(
          manifest: users, shard: try BatchShard.parse(shard, environment: environment),
          jobs: jobs ?? BatchService.defaultJobs, now: now, summaryPath: summary,
          localtime: environment["SPOTTER_LOCALTIME"],
          executablePath: ExecutablePath.current())
        let report = try service.run()
        for refusal in report.refused ?? [] {
          FileHandle.standardError.write(Data("spotter: error: \(refusal)\n".utf8))
        }
        for line in report.summarySkipped ?? [] {
          FileHandle.standardError.write(Data("spotter: warning: \(line)\n".utf8))
        }
        if json {
          print(try JSONOutput.encode(report, timeZone: TimeZone(identifier: "UTC")!))
        } else {
          var lines = [
            "batch \(report.shard): \(Wording.count(report.users, "user")), \(report.ok) ok "
              + "(\(report.changed) changed, \(report.unchanged) unchanged), \(report.failed.count) failed, "
              + "\(report.busy.count) busy, \(report.resumed) done before"
              + (report.refused.map { ", \(Wording.count($0.count, "manifest line")) refused" } ?? "")
              + "; \(report.cpuMs) ms of CPU"
          ]
          lines += report.failed.map { "failed \($0.id) (exit \($0.code)): \($0.error)" }
          lines += (report.warnings ?? []).map { "warning \($0.id): \($0.warning)" }
          lines += report.busy.map { "busy \($0): its store is held by another process; run the shard again" }
          if let error = report.summaryError { lines.append("summary not kept: \(error)") }
          print(lines.joined(separator: "\n"))
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
      } catch let exit as ExitCode {
        throw exit
      } catch {
        let message = ExitStatus.message(for: error)
        FileHandle.standardError.write(Data("spotter: error: \(message)\n".utf8))
        if json { print(JSONOutput.error(code: ExitStatus.code(for: error), message: message)) }
        throw ExitCode(ExitStatus.code(for: error))
      }
    }
  }
}
