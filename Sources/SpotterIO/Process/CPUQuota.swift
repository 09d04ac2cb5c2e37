import Foundation

/// The CPUs a cgroup v2 quota (`cpu.max`) lets this process use, for `spotter batch`'s default
/// number of users in flight.
///
/// Foundation's `activeProcessorCount` reads the CPU affinity and cgroup v1's CFS quota, not
/// cgroup v2's `cpu.max`, which is what a Kubernetes pod's CPU limit becomes on current nodes: a
/// pod limited to 2 CPUs on a 64-CPU node started 64 users at once, each holding its history in
/// memory, against a memory limit sized for 2.
public enum CPUQuota {
  /// The whole CPUs the quota allows (its quota over its period, rounded up, at least 1), the
  /// smallest along the process's cgroup and its ancestors; nil when none is set or none can be
  /// read.
  ///
  /// - Parameters:
  ///   - membership: the text of `/proc/self/cgroup`, whose `0::PATH` line names the cgroup v2
  ///     group.
  ///   - root: where the cgroup v2 hierarchy is mounted.
  public static func cpus(
    membership: String? = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
    root: String = "/sys/fs/cgroup"
  ) -> Int? {
    guard let membership else { return nil }
    guard
      let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") }),
      line.count < 4096
    else { return nil }
    var group = String(line.dropFirst(3))
    var smallest: Int?
    // From the process's group up to the root: a limit on a parent binds its children. The path
    // only shortens, so the walk ends.
    while true {
      let folder = group == "/" || group.isEmpty ? root : root + group
      if let cpus = limit(in: folder + "/cpu.max") { smallest = min(smallest ?? cpus, cpus) }
      guard let slash = group.lastIndex(of: "/"), group != "/" else { break }
      group = slash == group.startIndex ? "/" : String(group[..<slash])
    }
    return smallest
  }

  /// The CPUs of one `cpu.max` file ("QUOTA PERIOD" in microseconds, or "max PERIOD"); nil when
  /// it is absent, unlimited or not of that form.
  static func limit(in path: String) -> Int? {
    // A cgroup file is small; a larger one is no cpu.max.
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 64) else { return nil }
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0
    else { return nil }
    return max(1, quota / period + (quota % period == 0 ? 0 : 1))
  }
}
