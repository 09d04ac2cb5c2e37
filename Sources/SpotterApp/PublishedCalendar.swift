import SpotterICal

/// What the store remembers of the calendar it last published: the digest of what it was made of
/// (``CalendarInputDigest``) and of its bytes. While both still hold, the next publication with the
/// same inputs leaves the file as it is without building it again.
///
/// The bytes' digest is checked against the file on disk each time, so a calendar edited,
/// replaced or left behind by a kill before its rename is built again; the store commits this
/// with the outputs, and a digest that vouches for a file that never arrived only costs a build.
struct PublishedCalendar: Sendable, Hashable {
  /// The setting it is kept under.
  static let settingKey = "calendar.published"

  var inputs: String
  var bytes: String

  init(inputs: String, bytes: String) {
    self.inputs = inputs
    self.bytes = bytes
  }

  /// The value as the setting holds it, `inputs bytes`; nil when it is not two words.
  init?(setting: String) {
    let words = setting.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 2, !words[0].isEmpty, !words[1].isEmpty else { return nil }
    inputs = String(words[0])
    bytes = String(words[1])
  }

  var setting: String { inputs + " " + bytes }
}
