/// A display alarm of an event (RFC 5545, Section 3.6.6).
///
/// Only `ACTION:DISPLAY` is written: clients ignore or refuse AUDIO and EMAIL alarms from imported
/// files, and DISPLAY needs just DESCRIPTION and TRIGGER.
public struct Alarm: Sendable, Hashable, Codable {
  public var description: String
  public var trigger: Trigger

  public init(description: String, trigger: Trigger) {
    self.description = description
    self.trigger = trigger
  }
}
