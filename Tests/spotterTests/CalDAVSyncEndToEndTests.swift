import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A vdir synced by vdirsyncer to a real Radicale: a moved focus block updates on the server in
/// place, a removed one disappears, and nothing is duplicated. Radicale and vdirsyncer come from
/// PyPI into `.build-py` (scripts/setup --tests); without them the test is skipped, not passed.
@Suite struct CalDAVSyncEndToEndTests {
  static let venv = SpotterBinary.packageRoot.appendingPathComponent(".build-py/bin")
  static let available =
    FileManager.default.isExecutableFile(atPath: venv.appendingPathComponent("radicale").path)
    && FileManager.default.isExecutableFile(atPath: venv.appendingPathComponent("vdirsyncer").path)

  /// Runs a tool from the venv; returns its exit status and output.
  @discardableResult
  static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = venv.appendingPathComponent(name)
    process.arguments = arguments
    // Nothing may wait for an answer on the terminal.
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// An HTTP request through the venv's Python, which needs no other client on the machine.
  static func http(_ method: String, _ url: String) throws -> (status: Int32, output: String) {
    let script = """
      import sys, urllib.request, base64
      request = urllib.request.Request(sys.argv[2], method=sys.argv[1])
      request.add_header("Authorization", "Basic " + base64.b64encode(b"user:x").decode())
      try:
          with urllib.request.urlopen(request, timeout=30) as response:
              sys.stdout.write(response.read().decode())
      except urllib.error.HTTPError as error:
          sys.stdout.write(str(error.code)); sys.exit(2)
      """
    return try tool("python", ["-c", script, method, url])
  }

  /// A free TCP port on the loopback interface, from Python's bind to port 0.
  static func freePort() throws -> Int {
    let found = try tool(
      "python",
      ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
    return Int(found.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  @Test(.enabled(if: available, "Radicale and vdirsyncer are not installed (scripts/setup --tests)"))
  func aMovedBlockUpdatesInPlaceAndARemovedOneDisappears() async throws {
    let dir = try SpotterBinary.scratch()
    let port = try Self.freePort()
    let server = Process()
    server.executableURL = Self.venv.appendingPathComponent("radicale")
    server.arguments = [
      "--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder",
      dir.appendingPathComponent("server").path,
      "--auth-type", "none",
    ]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      // SIGKILL: a process started from the test runner may inherit a mask that blocks SIGTERM.
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    let root = "http://127.0.0.1:\(port)/"
    // Waits for the server to answer, as long as it keeps running; it may take a while to start on
    // a loaded machine.
    while try Self.http("GET", root).status != 0 {
      try #require(server.isRunning, "Radicale exited")
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    let collection = root + "user/spotter/"
    #expect(try Self.http("MKCALENDAR", collection).status == 0)
    let config = dir.appendingPathComponent("vdirsyncer.conf")
    try """
    [general]
    status_path = "\(dir.appendingPathComponent("status").path)/"
    [pair spotter]
    a = "spotter_local"
    b = "spotter_remote"
    collections = null
    conflict_resolution = "a wins"
    [storage spotter_local]
    type = "filesystem"
    path = "\(dir.appendingPathComponent("vdir").path)"
    fileext = ".ics"
    [storage spotter_remote]
    type = "caldav"
    url = "\(collection)"
    username = "user"
    password = "x"
    """.write(to: config, atomically: false, encoding: .utf8)
    func spotter(_ arguments: [String]) async throws -> SpotterBinary.Result {
      try await SpotterBinary.run(
        arguments + [
          "--out", dir.appendingPathComponent("out").path, "--vdir", dir.appendingPathComponent("vdir").path,
          "--db", dir.appendingPathComponent("db.sqlite").path, "--timezone", "Europe/Berlin", "--now",
          "2026-11-22T21:30:00+01:00",
        ])
    }
    func sync() throws {
      let result = try Self.tool("vdirsyncer", ["-c", config.path, "sync", "--force-delete", "spotter"])
      #expect(result.status == 0, "\(result.output)")
    }
    /// The UIDs and start lines of every event on the server (the VTIMEZONE's have no TZID).
    func served() throws -> [String] {
      try Self.http("GET", collection).output.split(whereSeparator: \.isNewline)
        .filter { $0.hasPrefix("UID:") || $0.hasPrefix("DTSTART;") }.map(String.init)
    }

    let review = try await spotter(["focus", "add", "2026-11-25 14:00", "--for", "60m", "--title", "Review"])
    let added = try await spotter(["focus", "add", "tomorrow 09:00", "--for", "90m", "--title", "Deep Work"])
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let reviewID = try #require(
      review.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    #expect(try Self.tool("vdirsyncer", ["-c", config.path, "discover", "spotter"]).status == 0)
    try sync()
    let uid = "focus-block-start-\(id)@spotter"
    let other = "focus-block-start-\(reviewID)@spotter"
    #expect(
      Set(try served()) == [
        "UID:\(uid)", "DTSTART;TZID=Europe/Berlin:20261123T090000", "UID:\(other)",
        "DTSTART;TZID=Europe/Berlin:20261125T140000",
      ])

    #expect(try await spotter(["focus", "move", id, "2026-11-24 11:00"]).status == 0)
    try sync()
    let moved = try served()
    #expect(moved.filter { $0 == "UID:\(uid)" }.count == 1)
    #expect(moved.contains("DTSTART;TZID=Europe/Berlin:20261124T110000"))
    #expect(!moved.contains("DTSTART;TZID=Europe/Berlin:20261123T090000"))

    #expect(try await spotter(["focus", "rm", id]).status == 0)
    try sync()
    #expect(try served() == ["UID:\(other)", "DTSTART;TZID=Europe/Berlin:20261125T140000"])
  }
}
