import Foundation
import SpotterCore
import SpotterICal

#if canImport(Glibc)
  import Glibc
#endif

// Writes N focus-block events through ICSWriter's streaming path to a file and prints the time
// and peak memory: `spotter-writer-bench N OUT.ics`. bench/writer runs it beside libical_dom.c,
// which builds the same events as one libical DOM.
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[1]), count > 0 else {
  FileHandle.standardError.write(Data("usage: spotter-writer-bench N OUT.ics\n".utf8))
  exit(64)
}
let zone = "Europe/Berlin"
let stamp = Date(timeIntervalSince1970: 1_795_379_400)  // 2026-11-22T20:30:00Z
let first = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23T08:00:00Z
// Blocks of 30 minutes, 400 a day: 100k events span 250 days, as in the measurement.
// Lazy: the events are made as the writer asks for them, so the peak is the writer's own.
let events = (0..<count).lazy.map { index -> Event in
  let start = first.addingTimeInterval(Double(index / 400) * 86400 + Double(index % 400) * 120)
  return Event(
    uid: "focus-block-start-\(index)-2026@spotter", kind: .focusBlock, sequence: 0, stamp: stamp,
    start: start,
    end: start.addingTimeInterval(1800), summary: "Deep work", description: "Focus block \(index)",
    categories: ["Spotter", "Focus"], status: .confirmed,
    alarms: [Alarm(description: "Deep work starts", trigger: Trigger(offsetSeconds: -300))])
}
guard let file = fopen(arguments[2], "w") else { exit(73) }
let clock = ContinuousClock()
let began = clock.now
do {
  try ICSWriter().write(
    events: events, timeZone: zone, validFrom: first,
    validUntil: first.addingTimeInterval(Double(count / 400 + 2) * 86400)
  ) { chunk in
    guard fwrite(chunk.baseAddress, 1, chunk.count, file) == chunk.count else {
      throw CocoaError(.fileWriteUnknown)
    }
  }
} catch {
  FileHandle.standardError.write(Data("spotter-writer-bench: \(error)\n".utf8))
  exit(70)
}
fclose(file)
let elapsed = clock.now - began
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(
  String(
    format: "swift-stream %d events: %.3f s, peak %.1f MB", count, seconds, Double(usage.ru_maxrss) / 1024))
