/// Small pieces of English wording shared by the messages.
public enum Wording {
  /// `1 reminder`, `2 reminders`, `0 alarms`: a count and its noun, plural unless one. The nouns
  /// Spotter counts all take an `s`; an irregular one is given whole.
  public static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
  }
}
