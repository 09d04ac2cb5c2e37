// libFuzzer driver for Spotter's readers; built only by bench/fuzz (see README, "Fuzzing").
//
// SwiftPM renames an executable's `main`, so libFuzzer's own `main` cannot be used: this one
// hands libFuzzer's driver the reader named by SPOTTER_FUZZ_READER (csv, json, ics or health).
import Foundation
import SpotterFuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

guard let name = ProcessInfo.processInfo.environment["SPOTTER_FUZZ_READER"],
  let reader = FuzzHarness.Reader(rawValue: name)
else {
  FileHandle.standardError.write(
    Data("spotter-fuzz: set SPOTTER_FUZZ_READER to csv, json, ics, health or hevy\n".utf8))
  exit(64)
}
nonisolated(unsafe) var selected = reader

let target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
  guard let data else { return 0 }
  FuzzHarness.run(selected, Data(bytes: data, count: size))
  return 0
}
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv, target))
