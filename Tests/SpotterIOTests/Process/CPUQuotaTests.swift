import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// A cgroup v2 CPU quota (a Kubernetes pod's CPU limit) bounds `spotter batch`'s default jobs.
@Suite struct CPUQuotaTests {
  /// A cgroup hierarchy of folders under a new root, each with the `cpu.max` text given.
  func hierarchy(_ limits: [String: String]) throws -> String {
    let root = TestScratch.root.appendingPathComponent("cgroup-\(UUID())").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (group, text) in limits {
      let folder = root + group
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try text.write(toFile: folder + "/cpu.max", atomically: false, encoding: .utf8)
    }
    return root
  }

  @Test func aQuotaIsItsWholeCPUsRoundedUp() throws {
    let root = try hierarchy([
      "/pod": "200000 100000\n", "/half": "50000 100000\n", "/odd": "250000 100000\n",
    ])
    #expect(CPUQuota.cpus(membership: "0::/pod\n", root: root) == 2)
    #expect(CPUQuota.cpus(membership: "0::/half\n", root: root) == 1)
    #expect(CPUQuota.cpus(membership: "0::/odd\n", root: root) == 3)
  }

  /// The smallest limit on the way to the root binds: a pod's limit holds for its container.
  @Test func aParentsLimitBindsItsChildren() throws {
    let root = try hierarchy([
      "/": "max 100000\n", "/kubepods": "max 100000\n", "/kubepods/pod1": "200000 100000\n",
      "/kubepods/pod1/container": "max 100000\n",
    ])
    #expect(CPUQuota.cpus(membership: "0::/kubepods/pod1/container\n", root: root) == 2)
    // A container's cgroup namespace shows its own group as the root.
    let inside = try hierarchy(["/": "300000 100000\n"])
    #expect(CPUQuota.cpus(membership: "0::/\n", root: inside) == 3)
  }

  /// No quota, no cgroup v2 line, or files that are no `cpu.max` leave the count to the affinity.
  @Test func withoutAReadableQuotaThereIsNone() throws {
    let root = try hierarchy([
      "/free": "max 100000\n", "/junk": "lots\n", "/zero": "0 100000\n", "/huge": "\(Int.max) 1\n",
      "/three": "1 2 3\n",
    ])
    #expect(CPUQuota.cpus(membership: "0::/free\n", root: root) == nil)
    #expect(CPUQuota.cpus(membership: "0::/missing/group\n", root: root) == nil)
    #expect(CPUQuota.cpus(membership: "4:cpu,cpuacct:/\n", root: root) == nil)
    #expect(CPUQuota.cpus(membership: nil, root: root) == nil)
    for group in ["/junk", "/zero", "/three"] {
      #expect(CPUQuota.cpus(membership: "0::\(group)\n", root: root) == nil, "\(group)")
    }
    #expect(CPUQuota.cpus(membership: "0::/huge\n", root: root) == Int.max)
  }
}
