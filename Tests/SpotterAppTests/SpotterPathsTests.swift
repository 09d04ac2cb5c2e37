import Foundation
import Testing

@testable import SpotterApp

@Suite struct SpotterPathsTests {
  @Test func xdgFoldersAndHomeAreUsedWhenAbsolute() {
    let paths = SpotterPaths(environment: [
      "HOME": "/home/ana", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "relative/config",
    ])
    #expect(paths.database == "/data/spotter/spotter.sqlite")
    #expect(paths.output == "/data/spotter")
    // A relative XDG folder does not count (the XDG spec): the home's default stands.
    #expect(paths.config == "/home/ana/.config/spotter/config.toml")
    #expect(paths.state == "/home/ana/.local/state/spotter")
  }

  /// An empty or relative HOME put the store at `/.local/share/spotter` or under the working
  /// folder; the password database's home stands in for it.
  @Test(arguments: ["", "home/ana", "."])
  func aHomeThatIsNoAbsolutePathIsPassedOver(_ home: String) {
    let paths = SpotterPaths(environment: ["HOME": home])
    let fallback = NSHomeDirectory()
    #expect(fallback.hasPrefix("/"))
    #expect(paths.database == fallback + "/.local/share/spotter/spotter.sqlite")
    #expect(paths.config == fallback + "/.config/spotter/config.toml")
    #expect(!paths.database.hasPrefix("/.local"))
  }
}
