import Testing

@testable import SpotterIO

/// cron reads an unescaped % as a line break: every one in a command is escaped, nothing else.
@Suite struct CrontabEscapeTests {
  @Test func everyPercentIsEscapedAndNothingElseChanges() {
    #expect(CrontabWriter.escapePercent("spotter fire 'x'") == "spotter fire 'x'")
    #expect(CrontabWriter.escapePercent("notify '50% off' %%") == "notify '50\\% off' \\%\\%")
    #expect(CrontabWriter.escapePercent("'Über 💪 %'") == "'Über 💪 \\%'")
  }
}
