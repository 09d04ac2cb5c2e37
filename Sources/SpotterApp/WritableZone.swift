import SpotterICal
import SpotterIO

/// The zone the last calendar was built in, with the files libical wrote it from: the libical
/// library and the zone's tzdata file, each as its device, inode, size and modification time.
///
/// While both are still the same files, libical writes that zone as it did, so a command that
/// checks the zone (``Workspace``) takes the store's word for it instead of asking libical:
/// its answer loads libical's whole zone list, 1.5 million instructions, a twentieth of a
/// nightly run. Another zone, an upgrade of libical or tzdata, or a `TZDIR` that names other
/// zone files asks libical again. The store keeps it beside ``PublishedCalendar``, committed
/// with the calendar, so it only ever names a zone a calendar was written in.
struct WritableZone: Sendable, Hashable {
  /// The setting it is kept under.
  static let settingKey = "calendar.zone"

  /// The value as the setting holds it: the zone's name and the files' identities, a line each.
  let setting: String

  /// The zone `name` with the identities of the files libical writes it from now; nil when
  /// libical cannot say which files those are.
  init?(zone name: String) {
    guard let files = CalendarInputDigest.dependencies(timeZone: name) else { return nil }
    var lines = [name]
    for path in files {
      guard let identity = AtomicFileWriter.identity(ofRegularFile: path, followingLinks: true) else {
        return nil
      }
      lines.append(identity)
    }
    setting = lines.joined(separator: "\n")
  }

  /// The zone `stored`, a value of the setting, vouches that libical can write: the zone it
  /// names, while the files libical writes it from are still the same; nil otherwise.
  static func vouchedZone(_ stored: String) -> String? {
    guard let end = stored.firstIndex(of: "\n") else { return nil }
    let name = String(stored[..<end])
    return WritableZone(zone: name)?.setting == stored ? name : nil
  }
}
