/// A value given negative where an argument stands (`snooze UID -1h`) is refused as one.
///
/// ArgumentParser reads `-1h` as the short flags `-1` and `-h`, and `-h` asks for help: `snooze`
/// printed its help and exited 0 with nothing snoozed, which a script takes for success. No
/// option of spotter's is a digit, so a word of a dash, a digit and then digits, letters or a
/// point is a number given negative. Only one holding an `h` is read as help (`-10d` is refused
/// by the parser as an unknown option), and one after an option is that option's value
/// (`achievements --since -10d`), so only such a word where an argument stands is refused here;
/// after `--` every word is an argument.
enum NegativeValue {
  /// The message for the first such word of `arguments`, or nil when there is none.
  static func message(for arguments: [String]) -> String? {
    let words = Array(arguments.prefix(while: { $0 != "--" }))
    for (index, word) in words.enumerated() where isNegative(word) && word.contains("h") {
      guard index == 0 || !words[index - 1].hasPrefix("-") else { continue }
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
