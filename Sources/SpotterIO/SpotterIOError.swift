import Foundation
import SpotterCore

/// Everything that can go wrong reading history, config or the store, or writing outputs.
///
/// Every case names where the bad input is (`file:line`), which field, and the bad value, so the
/// user can fix it without guessing.
public enum SpotterIOError: Error, Equatable, Sendable {
  /// A row of a history file has a value that cannot be read.
  case malformedRow(file: String, line: Int, column: String, value: String, reason: Phrase)
  /// A row has a different number of fields than the header.
  case fieldCount(file: String, line: Int, expected: Int, found: Int)
  /// The first line matches no supported history format.
  case unknownHeader(file: String, header: String)
  /// The first line has the shape of Strong's export in a language Spotter has no names for;
  /// `found` is its columns, `missing` the English names of the required ones not recognised.
  case unknownStrongLanguage(file: String, found: [String], missing: [String])
  /// A file that is no history at all, described in words rather than quoted as bytes ("a zip
  /// archive without export.xml", "binary data"), with what to do instead.
  case notAHistory(file: String, what: Phrase, advice: Phrase)
  /// A file read whole holds more bytes than any of its `kind` can (a sparse file of terabytes,
  /// a video named as an export): refused by its size, before it fills memory.
  case tooLarge(file: String, size: Int, limit: Int, kind: Phrase)
  /// A text file holds bytes that are not UTF-8; `value` shows them in hex.
  case notUTF8(file: String, line: Int, value: String)
  /// A native JSON file does not decode.
  case malformedJSON(file: String, line: Int, field: String, reason: Phrase)
  /// A config value is of the wrong type or out of range.
  case invalidConfig(file: String, line: Int, key: String, value: String, reason: Phrase)
  /// The config file is not valid TOML.
  case configSyntax(file: String, line: Int, column: Int, reason: String)
  /// The config path names something that is no config file: a directory, a huge or binary file.
  case configFile(path: String, reason: Phrase)
  /// A file could not be read or written.
  case io(path: String, reason: Phrase)
  /// The store could not be opened, migrated, read or written.
  case store(path: String, reason: Phrase)
  /// The store file is damaged or not a store; it is never replaced.
  case storeDamaged(path: String, detail: Phrase)
  /// SQLite's own lock on the store stayed taken for longer than we wait (SQLITE_BUSY): another
  /// process was reading or changing it. Nothing is wrong with the store; a retry can succeed.
  case storeBusy(path: String, detail: Phrase)
  /// Another process claimed this reminder's delivery first.
  case alreadyClaimed(uid: String)
  /// Another spotter process holds the lock for longer than we wait.
  case locked(path: String, holder: String)
  /// `crontab` failed, or the installed crontab cannot be edited safely.
  case crontab(reason: Phrase)
  /// A live source (Hevy's API) refused, failed or could not be reached; `status` is the HTTP
  /// status when there was an answer. The address never holds the key, which travels in a header.
  case liveSource(address: String, status: Int?, reason: Phrase)
}

extension SpotterIOError: CustomStringConvertible, LocalizedError {
  public var description: String { message(.en) }

  /// The message in `language`: each frame in English and German side by side, each reason as
  /// its ``Phrase`` gives it (a system's or a library's text stays as it was said).
  public func message(_ language: Language) -> String {
    let de = language == .de
    func say(_ english: String, _ german: String) -> String { de ? german : english }
    switch self {
    case .malformedRow(let file, let line, let column, let value, let reason):
      return "\(file):\(line): " + say("column", "Spalte")
        + " '\(column)': \(reason.text(language)) \(ErrorText.quoted(value))"
    case .fieldCount(let file, let line, let expected, let found):
      return "\(file):\(line): "
        + say(
          "expected \(expected) fields as in the header, found \(found)",
          "erwartet \(expected) Felder wie in der Kopfzeile, gefunden \(found)")
    case .unknownHeader(let file, let header):
      let formats = say(
        """
        Strong CSV (comma or semicolon, with 'Date', 'Workout Name', 'Exercise Name', 'Set Order'), \
        Hevy CSV ('title', 'start_time', 'end_time', 'exercise_title', 'weight_kg' or 'weight_lbs'), \
        FitNotes CSV ('Date', 'Exercise', 'Category', 'Reps'), \
        Fit Notes for iOS ('Name', 'StartTime', 'EndTime', 'Exercise', 'Reps', 'Weight'), \
        Fitbod CSV ('Date', 'Exercise', 'Reps', 'Weight', 'isWarmup' or 'multiplier'), \
        GymBook CSV ('Date', 'Program', 'Time', 'Exercise', 'Reps', 'Weight', 'Zone', in the app's language), \
        JEFIT's CSV export (sections headed '### … ###'), \
        Apple Health's export.zip or export.xml, native JSON (see README)
        """,
        """
        Strong-CSV (Komma oder Semikolon, mit 'Date', 'Workout Name', 'Exercise Name', 'Set Order'), \
        Hevy-CSV ('title', 'start_time', 'end_time', 'exercise_title', 'weight_kg' oder 'weight_lbs'), \
        FitNotes-CSV ('Date', 'Exercise', 'Category', 'Reps'), \
        Fit Notes für iOS ('Name', 'StartTime', 'EndTime', 'Exercise', 'Reps', 'Weight'), \
        Fitbod-CSV ('Date', 'Exercise', 'Reps', 'Weight', 'isWarmup' oder 'multiplier'), \
        GymBook-CSV ('Date', 'Program', 'Time', 'Exercise', 'Reps', 'Weight', 'Zone', in der Sprache der App), \
        CSV-Export von JEFIT (Abschnitte mit '### … ###'), \
        export.zip oder export.xml von Apple Health, natives JSON (siehe README)
        """)
      return "\(file):1: "
        + say(
          "unknown history format, header \(ErrorText.quoted(header)); supported: ",
          "unbekanntes Exportformat, Kopfzeile \(ErrorText.quoted(header)); unterstützt: ") + formats
    case .unknownStrongLanguage(let file, let found, let missing):
      let columns = found.map { ErrorText.quoted($0) }.joined(separator: ", ")
      let absent = missing.map { "'\($0)'" }.joined(separator: ", ")
      return "\(file):1: "
        + say(
          "this looks like a Strong export in a language Spotter cannot read yet; columns found: \(columns); "
            + "not found: \(absent) (known in \(StrongColumn.languages)); export with the app set to English, "
            + "or report the header",
          "das sieht nach einem Strong-Export in einer Sprache aus, die Spotter noch nicht lesen kann; "
            + "gefundene Spalten: \(columns); nicht gefunden: \(absent) (bekannt auf \(StrongColumn.languages)); "
            + "exportiere mit der App auf Englisch, oder melde die Kopfzeile")
    case .notAHistory(let file, let what, let advice):
      return "\(file): \(what.text(language)); \(advice.text(language))"
    case .tooLarge(let file, let size, let limit, let kind):
      return "\(file): "
        + say(
          "\(size) bytes, more than \(kind.text(language)) can be (at most \(limit)); nothing was read from it",
          "\(size) Bytes, mehr als \(kind.text(language)) haben kann (höchstens \(limit)); nichts davon wurde gelesen"
        )
    case .notUTF8(let file, let line, let value):
      return "\(file):\(line): "
        + say(
          "not UTF-8 text, bytes '\(value)'; save the file as UTF-8",
          "kein UTF-8-Text, Bytes '\(value)'; speichere die Datei als UTF-8")
    case .malformedJSON(let file, let line, let field, let reason):
      return "\(file):\(line): " + say("field", "Feld") + " '\(field)': \(reason.text(language))"
    case .invalidConfig(let file, let line, let key, let value, let reason):
      return "\(file):\(line): " + say("key", "Schlüssel")
        + " \(ErrorText.quoted(key)): \(reason.text(language)) \(ErrorText.quoted(value))"
    case .configSyntax(let file, let line, let column, let reason):
      return "\(file):\(line):\(column): " + say("invalid TOML", "ungültiges TOML")
        + ": \(ErrorText.escaped(reason))"
    case .configFile(let path, let reason):
      return "\(path): \(reason.text(language))"
    case .io(let path, let reason):
      return "\(path): \(reason.text(language))"
    case .store(let path, let reason):
      return say("store", "Speicher") + " '\(path)': \(reason.text(language))"
    case .storeDamaged(let path, let detail):
      return say("store damaged", "Speicher beschädigt") + ": '\(path)': \(detail.text(language)); "
        + say(
          "restore it from a backup or move it aside",
          "stelle ihn aus einer Sicherung wieder her oder schiebe ihn beiseite")
    case .storeBusy(let path, let detail):
      return say("store", "Speicher") + " '\(path)': "
        + say(
          "busy (\(detail.text(language))): another process was using it; try again",
          "belegt (\(detail.text(language))): ein anderer Prozess hat ihn benutzt; versuche es noch einmal")
    case .alreadyClaimed(let uid):
      return say(
        "reminder '\(uid)': another spotter process is delivering it",
        "Erinnerung '\(uid)': ein anderer spotter-Prozess stellt sie gerade zu")
    case .locked(let path, let holder):
      return say(
        "another spotter process (\(holder)) is working on this store; lock '\(path)' still held, try again",
        "ein anderer spotter-Prozess (\(holder)) arbeitet mit diesem Speicher; die Sperre '\(path)' ist noch "
          + "belegt, versuche es noch einmal")
    case .crontab(let reason):
      return "crontab: \(reason.text(language))"
    case .liveSource(let address, let status, let reason):
      return "\(address): " + (status.map { "HTTP \($0): " } ?? "") + reason.text(language)
    }
  }

  public var errorDescription: String? { description }

  /// The sysexits(3) code for this kind of failure: data 65, config 78, I/O 74, busy 75.
  public var exitCode: SpotterExitCode {
    switch self {
    case .malformedRow, .fieldCount, .unknownHeader, .unknownStrongLanguage, .notAHistory, .tooLarge,
      .notUTF8,
      .malformedJSON:
      .dataError
    case .invalidConfig, .configSyntax, .configFile: .config
    case .io, .store, .storeDamaged, .crontab: .ioError
    case .alreadyClaimed, .locked, .storeBusy: .temporaryFailure
    // sysexits: a refused key is a permission problem, a rate limit a temporary one, anything
    // else a service that is unavailable.
    case .liveSource(_, let status?, _) where status == 401 || status == 403: .noPermission
    case .liveSource(_, 429?, _): .temporaryFailure
    case .liveSource: .unavailable
    }
  }
}
