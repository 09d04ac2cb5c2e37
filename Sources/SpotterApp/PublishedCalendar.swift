import SpotterICal

/// What the store remembers of the calendar it last published: the digest of what it was made of
/// (``CalendarInputDigest``) and the identity of the file it was written to (device, inode, size
/// and modification time, ``AtomicFileWriter/identity(ofRegularFile:)``). While both still hold,
/// the next publication with the same inputs leaves the file as it is without building it again.
///
/// The file's identity is checked each time, so a calendar written again, edited, replaced,
/// copied in or left behind by a kill before its rename is built again; the store commits this
/// with the outputs, and an identity that names a file that never arrived only costs a build.
/// The identity is asked of one `lstat`, not of the file's bytes: a file rewritten in place with
/// the same size and its modification time set back to the nanosecond (on a filesystem of whole
/// seconds, within the second) goes unseen until the calendar's next change, and only someone who
/// can write the output folder can do that.
struct PublishedCalendar: Sendable, Hashable {
  /// The setting it is kept under.
  static let settingKey = "calendar.published"

  var inputs: String
  var file: String

  init(inputs: String, file: String) {
    self.inputs = inputs
    self.file = file
  }

  /// The value as the setting holds it, `inputs file`; nil when it is not two words.
  init?(setting: String) {
    let words = setting.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 2, !words[0].isEmpty, !words[1].isEmpty else { return nil }
    inputs = String(words[0])
    file = String(words[1])
  }

  var setting: String { inputs + " " + file }
}
