import Foundation

/// A `crontab` command for tests: first on `PATH`, so no test reaches the real user's crontab.
///
/// The stand-in keeps the table in a file and answers `-l`, `-r`, `-` (stdin) and `FILE` as
/// Debian's cron does, including "no crontab for USER" with exit 1 and the refusal of a table
/// without a final newline. ``realUser(_:)`` makes one that drives the real `crontab -u USER`
/// instead, for the root-only test with a throw-away user.
struct CrontabStandIn {
  let directory: URL
  var table: String { directory.appendingPathComponent("table").path }

  static let script = """
    #!/bin/sh
    table="$SPOTTER_TEST_CRONTAB"
    case "$1" in
      -l)
        [ -f "$table" ] || { echo "no crontab for ${USER:-test}" >&2; exit 1; }
        cat "$table" ;;
      -r)
        [ -f "$table" ] || { echo "no crontab for ${USER:-test}" >&2; exit 1; }
        rm -f "$table" ;;
      "" | -*)
        echo "crontab: usage error: $1" >&2; exit 1 ;;
      *)
        printf '%s %s %s\\n' "$(ls -ld . | cut -c1-10)" "$PWD" "$1" >> "$table.seen"
        if [ "$1" = "-" ]; then new="$(mktemp)"; cat > "$new"; else new="$1"; fi
        if [ -s "$new" ] && [ "$(tail -c 1 "$new" | od -An -c | tr -d ' ')" != '\\n' ]; then
          echo "new crontab file is missing newline before EOF, can't install." >&2; exit 1
        fi
        cp "$new" "$table.new" && mv "$table.new" "$table" ;;
    esac
    """

  /// A stand-in with an empty table.
  init() throws {
    directory = try SpotterBinary.scratch()
    try Self.writeCommand(Self.script, in: directory)
  }

  /// A `crontab` that forwards to the real one for `user` (root only).
  static func realUser(_ user: String) throws -> CrontabStandIn {
    let directory = try SpotterBinary.scratch()
    try writeCommand("#!/bin/sh\nexec /usr/bin/crontab -u '\(user)' \"$@\"\n", in: directory)
    return CrontabStandIn(directory: directory)
  }

  private init(directory: URL) {
    self.directory = directory
  }

  private static func writeCommand(_ text: String, in directory: URL) throws {
    let bin = directory.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let path = bin.appendingPathComponent("crontab").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  /// What a spotter process needs to find this crontab.
  var environment: [String: String] {
    [
      "PATH": directory.appendingPathComponent("bin").path + ":"
        + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      "SPOTTER_TEST_CRONTAB": table,
    ]
  }

  /// Runs this `crontab` with `arguments`.
  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = directory.appendingPathComponent("bin/crontab")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = directory
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try Self.launch(process)
    // Read beside stdout, so neither pipe can fill up and stall the command.
    final class Collected: @unchecked Sendable { var data = Data() }
    let errors = Collected()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      errors.data = err.fileHandleForReading.readDataToEndOfFile()
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: data, as: UTF8.self),
      String(decoding: errors.data, as: UTF8.self)
    )
  }

  /// Starts `process`, again while the kernel says its script is busy: a script just written can
  /// still be open for writing in a child another test thread forked at that moment, until that
  /// child execs (ETXTBSY). The wait is on the start succeeding, bounded.
  static func launch(_ process: Process) throws {
    for attempt in 1... {
      do {
        return try process.run()
      } catch let error as NSError
        where attempt < 2000
        && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY)
      {
        usleep(1000)
      }
    }
  }

  /// The installed table, "" when there is none.
  func list() throws -> String { try run(["-l"]).out }

  /// Installs `text` as the whole table.
  func install(_ text: String) throws {
    let file = directory.appendingPathComponent("input-\(UUID().uuidString)")
    try text.write(to: file, atomically: false, encoding: .utf8)
    // By its name in the stand-in's folder: the real crontab keeps 100 bytes of a file name.
    let result = try run([file.lastPathComponent])
    guard result.status == 0 else {
      throw CocoaError(
        .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "crontab refused the table: \(result.err)"])
    }
  }
}
