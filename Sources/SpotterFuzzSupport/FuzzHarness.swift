import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// What a fuzzer feeds each reader: any bytes, read as a user's file would be, then carried
/// through the steps a nightly run takes with what was read.
///
/// A reader may refuse the input with an error; it must never crash or hang, and neither may
/// the learning and planning that follow a successful import (a weight of `1e300` once imported
/// cleanly and crashed every later command).
public enum FuzzHarness {
  /// The readers there are targets for.
  public enum Reader: String, CaseIterable, Sendable {
    case csv, json, ics
    /// Apple Health's `export.xml`.
    case health
    /// A page of Hevy's API, `/v1/workouts` or `/v1/workouts/events`, as `spotter sync` reads it.
    case hevy
  }

  /// The key the Hevy target's server is taken to have been sent: no message may show it.
  static let key = "fuzz-key-7d3e21c9a0b4"

  static let clock = ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)
  static let now = Date(timeIntervalSince1970: 1_795_379_400)  // 2026-11-22T20:30:00Z

  /// Runs `reader` on `data`; returns whether the reader accepted it.
  @discardableResult
  public static func run(_ reader: Reader, _ data: Data) -> Bool {
    switch reader {
    case .csv, .json: history(data)
    case .ics: calendar(data)
    case .health: health(data)
    case .hevy: hevy(data)
    }
  }

  /// A Hevy page through decoding, redaction and mapping, then what a history goes through.
  /// A message that shows the key is a failure as bad as a crash, so it is made one.
  static func hevy(_ data: Data) -> Bool {
    let redactor = SecretRedactor(secret: key)
    func check(_ error: any Error) {
      if "\(error)".lowercased().contains(key) { fatalError("the key reached a message: \(error)") }
    }
    do {
      let page = try HevyClient.page(decoding: data, address: "fuzz", redactor: redactor)
      let mapper = HevySessionMapper(clock: clock)
      var sessions: [Session] = []
      let workouts =
        (page.workouts ?? [])
        + (page.events ?? []).compactMap {
          if case .updated(let workout) = $0 { workout } else { nil }
        }
      for workout in workouts {
        do {
          // Without findings a workout is never left out: it maps, or it throws.
          if let session = try mapper.session(workout, where: "fuzz workout \(ErrorText.quoted(workout.id))")
          {
            sessions.append(session.unpacked)
          }
        } catch {
          check(error)
        }
      }
      return follow(sessions)
    } catch {
      check(error)
      return false
    }
  }

  /// An Apple Health export, every workout type counting, then what a history file goes through.
  static func health(_ data: Data) -> Bool {
    let importer = AppleHealthImporter(
      context: ImportContext(fileName: "fuzz", clock: clock, defaultUnit: .kilograms),
      activityTypes: ["Running", "TraditionalStrengthTraining", "FunctionalStrengthTraining"])
    guard let sessions = try? importer.sessions(xml: data) else { return false }
    return follow(sessions)
  }

  /// A history file through import, learning, planning and the follow-up rules, read as the
  /// nightly run reads it: what a typo costs (a set, a workout) is left out, not refused.
  static func history(_ data: Data) -> Bool {
    guard
      let (_, sessions) = try? HistoryImporter(clock: clock, defaultUnit: .kilograms).parse(
        data, fileName: "fuzz", findings: ImportFindings())
    else { return false }
    return follow(sessions)
  }

  /// Learning, planning and the follow-up rules over what a reader accepted.
  static func follow(_ sessions: [Session]) -> Bool {
    let settings = Settings(timeZone: clock.timeZone)
    let today = clock.localDate(now)
    let pattern = PatternLearner().learn(from: sessions, now: now, clock: clock)
    let planner = ReminderPlanner(settings: settings)
    let plan = planner.plan(
      sessions: sessions, pattern: pattern, horizon: Horizon(start: today.adding(days: 1), days: 7), now: now)
    let followUps = FollowUpPlanner(settings: settings).plan(
      sessions: sessions, pattern: pattern, upcoming: plan.sessions, known: [:], achievements: [], now: now)
    for reminder in plan.reminders + followUps.reminders {
      _ = reminder.title + reminder.body
    }
    return true
  }

  /// A calendar file the way `focus import` reads one: UTF-8 decoding, libical's parser, the
  /// time zone checks and the expansion of its events over four weeks.
  ///
  /// `ICSReader.read` is left out: it only ever reads Spotter's own output, in tests.
  static func calendar(_ data: Data) -> Bool {
    guard let text = try? UTF8File.decode(data, fileName: "fuzz") else { return false }
    let reader = ICSReader()
    let from = clock.startOfDay(clock.localDate(now))
    return
      (try? reader.occurrences(
        text, fileName: "fuzz", from: from, to: from.addingTimeInterval(28 * 86400),
        fallbackZone: clock.identifier)) != nil
  }
}
