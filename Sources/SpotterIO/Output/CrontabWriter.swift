import Foundation
import SpotterCore

/// Writes the agenda: one crontab(5) line per alarm, for machines and calendars without VALARM.
///
/// Cron reads times in the machine's zone, which need not be the calendar's, so each alarm
/// instant is converted to the cron zone. Converting an instant never lands in a DST gap. A time
/// that exists twice gets no line when it is the second occurrence: cron runs a fixed-time job
/// only at the first, and a line past the overlap fired 15 to 120 minutes late, half of them past
/// the grace window. The catch-up line, a wildcard job cron runs in both passes, delivers it
/// within 10 minutes of the true instant instead.
public struct CrontabWriter: Sendable {
  /// The command with `{title}`, `{body}`, `{uid}`, `{kind}`, `{start}` and `{fire}` placeholders.
  public let commandTemplate: CommandTemplate
  /// What `{fire}` stands for: the quoted `spotter fire` command of this store.
  public var fireCommand: String
  public var cronClock: ZoneClock
  public var calendarClock: ZoneClock
  /// Written into the header, e.g. that the cron zone is not the system's.
  public var warning: String?
  /// ``commandTemplate`` cut once into text and placeholders: an agenda fills it for every line.
  private let commandPieces: [CommandTemplate.Piece]

  public init(
    commandTemplate: String, fireCommand: String = "spotter fire", cronZone: TimeZone, calendarZone: TimeZone,
    warning: String? = nil
  ) {
    self.warning = warning
    self.commandTemplate = CommandTemplate(commandTemplate)
    commandPieces = self.commandTemplate.pieces(recognizing: CommandTemplate.valueKeys.union(["fire"]))
    self.fireCommand = fireCommand
    cronClock = ZoneClock(timeZone: cronZone)
    calendarClock = ZoneClock(timeZone: calendarZone)
  }

  public func write(events: [Event], horizon: Horizon, now: Date) -> String {
    var text = ""
    write(events: events, horizon: horizon, now: now) { text += $0 }
    return text
  }

  /// The same text in pieces, a header then a line at a time, so an agenda of any length is
  /// never held whole in memory.
  public func write<Events: Sequence<Event>>(
    events: Events, horizon: Horizon, now: Date, to sink: (String) throws -> Void
  ) rethrows {
    try sink(header(horizon: horizon))
    for event in events { try write(event, now: now, to: sink) }
  }

  /// The agenda's opening comments, which name the horizon and the zones.
  public func header(horizon: Horizon) -> String {
    let from = calendarClock.startOfDay(horizon.start)
    let to = calendarClock.startOfDay(horizon.end)
    var header = """
      # Spotter agenda for \(horizon.start) to \(horizon.end.adding(days: -1)) \
      (calendar zone \(calendarClock.identifier))
      # Horizon \(Self.stamp(from, calendarClock)) to \(Self.stamp(to, calendarClock))
      # Times are in the zone cron runs in: \(cronClock.timeZone.name). Rewritten by every command that changes a reminder.

      """
    // A line of its own: it was glued to the line before, with a blank line after.
    if let warning { header += "# Warning: \(warning)\n" }
    return header
  }

  /// The lines of one event: one for each alarm still ahead of `now`, none for a cancelled event.
  public func write(_ event: Event, now: Date, to sink: (String) throws -> Void) rethrows {
    guard event.status == .confirmed else { return }
    for alarm in event.alarms {
      let fire = event.start.addingTimeInterval(TimeInterval(alarm.trigger.offsetSeconds))
      guard fire > now else { continue }
      guard let local = cronFireTime(fire) else {
        let reading = cronClock.local(fire)
        try sink(
          "# \(event.uid) fires at the second \(reading.time) of \(reading.date), which cron cannot "
            + "name: the catch-up line delivers it\n")
        continue
      }
      guard let command = fittedCommand(for: event, title: alarm.description) else {
        try sink(
          "# \(event.uid): its line would be longer than the \(Self.longestCommand) bytes cron takes after "
            + "the time (the paths in it are); the catch-up line delivers it\n")
        continue
      }
      try sink(
        "\(local.time.minute) \(local.time.hour) \(local.date.day) \(local.date.month) * \(command)\n")
    }
  }

  /// The longest command cron takes after a line's five time fields, in bytes, its comment
  /// included: Debian's cron, like the Vixie cron it comes from and macOS's, refuses the whole
  /// crontab ("command too long") for one line whose command is 999 (measured on this machine).
  public static let longestCommand = 998

  /// The command of one line with its `# spotter:UID` mark, at most ``longestCommand`` bytes:
  /// the longer of the title and the body the line holds cut short with "…" (then the other)
  /// when the whole would be longer, as a workout named with a paragraph makes it in a template
  /// with `{title} {body}`; nil when even without them it is.
  func fittedCommand(for event: Event, title: String) -> String? {
    let mark = " # spotter:\(event.uid)"
    var title = title
    var body = event.description
    var line = command(for: event, title: title, body: body) + mark
    // Each round makes the body or the title shorter, so the loop ends.
    while line.utf8.count > Self.longestCommand {
      let over = line.utf8.count - Self.longestCommand
      let titleSize = commandTemplate.uses("title") ? title.utf8.count : 0
      let bodySize = commandTemplate.uses("body") ? body.utf8.count : 0
      if bodySize == 0 && titleSize == 0 { return nil }
      if bodySize >= titleSize {
        body = Self.shortened(body, toLineBytes: Self.lineBytes(of: body) - over)
      } else {
        title = Self.shortened(title, toLineBytes: Self.lineBytes(of: title) - over)
      }
      line = command(for: event, title: title, body: body) + mark
    }
    return line
  }

  /// How many bytes `text` takes inside its quotes on a line, as ``command(for:title:body:)``
  /// quotes it and cron's `%` is escaped: measured by doing both, so the measure cannot drift
  /// from the quoting.
  static func lineBytes(of text: some StringProtocol) -> Int {
    escapePercent(CommandTemplate.shellQuote(String(text))).utf8.count - 2
  }

  /// The longest start of `text`, whole characters, that with "…" after it takes at most
  /// `budget` bytes on a line (``lineBytes(of:)``); empty when not even the "…" fits.
  static func shortened(_ text: String, toLineBytes budget: Int) -> String {
    let ellipsis = "…"
    let room = budget - lineBytes(of: ellipsis)
    guard room > 0 else { return "" }
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let next = text.index(after: index)
      used += lineBytes(of: text[index..<next])
      guard used <= room else { break }
      end = next
    }
    return String(text[..<end]) + ellipsis
  }

  /// The cron reading of `fire`, to the minute, or nil when that reading is the second pass of
  /// an autumn overlap, which a crontab line cannot name.
  ///
  /// Cron names minutes, so the reading is that of the minute that holds `fire`: a fire time with
  /// seconds (a block added `+2h` from a clock at 10:00:17) reads as 12:00.
  func cronFireTime(_ fire: Date) -> LocalDateTime? {
    let instant = Date(timeIntervalSince1970: (fire.timeIntervalSince1970 / 60).rounded(.down) * 60)
    let local = cronClock.local(instant)
    return cronClock.instant(local) == instant ? local : nil
  }

  /// The command of one line: placeholders shell-quoted, then every `%` escaped for cron.
  ///
  /// `{title}` is the alarm's text, which for a focus block is the alert ("Focus block starts
  /// soon") rather than the block's own name in SUMMARY.
  func command(for event: Event, title: String, body: String? = nil) -> String {
    let command = CommandTemplate.fill(commandPieces) { key in
      switch key {
      case "title": CommandTemplate.shellQuote(title)
      case "body": CommandTemplate.shellQuote(body ?? event.description)
      case "uid": CommandTemplate.shellQuote(event.uid)
      case "kind": CommandTemplate.shellQuote(event.kind.rawValue)
      case "start": CommandTemplate.shellQuote(Self.stamp(event.start, calendarClock))
      default: fireCommand
      }
    }
    return Self.escapePercent(command)
  }

  /// Cron turns an unescaped `%` into a line break and feeds the rest to standard input.
  public static func escapePercent(_ command: String) -> String {
    // Most commands have no %: leave them as they are without Foundation's slow search.
    guard command.utf8.contains(UInt8(ascii: "%")) else { return command }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(command.utf8.count + 8)
    for byte in command.utf8 {
      if byte == UInt8(ascii: "%") { escaped.append(UInt8(ascii: "\\")) }
      escaped.append(byte)
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  public static func stamp(_ instant: Date, _ clock: ZoneClock) -> String {
    let offset = clock.offset(at: instant)
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    let local = clock.local(instant)
    // Digits by hand: String(format:) cost an agenda of 100,000 lines a second.
    return String(local.description.prefix(16)) + sign + ASCIIDigits.padded(minutes / 60, width: 2) + ":"
      + ASCIIDigits.padded(minutes % 60, width: 2)
  }
}
