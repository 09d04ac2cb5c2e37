/// A value given negative (`snooze UID -1h`) is refused as one.
///
/// ArgumentParser reads `-1h` as the short flags `-1` and `-h`, and `-h` asks for help: `snooze`
/// printed its help and exited 0 with nothing snoozed, which a script takes for success. No
/// option of spotter's is a digit, so a word of a dash, a digit and then digits, letters or a
/// point is always a number given negative; after `--` every word is an argument.
enum NegativeValue {
  /// The message for the first such word of `arguments`, or nil when there is none.
  static func message(for arguments: [String]) -> String? {
    for word in arguments.prefix(while: { $0 != "--" }) where isNegative(word) {
      return
        "'\(word)' is negative; durations, days and counts are given as positive values (1h, 30m, +2d, 7)"
    }
    return nil
  }

  static func isNegative(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-"), (0x30...0x39).contains(bytes[1]) else {
      return false
    }
    return bytes.dropFirst(2).allSatisfy {
      (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || $0 == UInt8(ascii: ".")
    }
  }
}
