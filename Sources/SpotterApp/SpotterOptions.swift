import Foundation
import SpotterCore

/// The inputs every command shares, already parsed by the executable.
public struct SpotterOptions: Sendable {
  /// An explicit `--config`; nil means the XDG default, which may be absent.
  public var configPath: String?
  public var databasePath: String?
  /// `--now` (or `SPOTTER_NOW`), verbatim; nil means the system clock.
  public var now: String?
  /// `--timezone`, which beats the config's `timezone`.
  public var timeZone: String?
  /// `--weight-unit`, which beats the config's `weight_unit`.
  public var weightUnit: WeightUnit?
  public var environment: [String: String]
  /// How long to wait for another spotter process working on the same store.
  public var lockWaitSeconds: Double
  /// How long a statement waits for SQLite's own lock on the store; nil waits as long as for
  /// the process lock. A batch takes the process lock without waiting, but still waits out
  /// SQLite's: another process's look at a new store holds it for milliseconds, and a user's
  /// night failed on it (74, "database is locked") when two batches of one shard overlapped.
  public var storeBusySeconds: Double?
  /// The running binary, for the commands Spotter writes into crontabs and timers.
  public var executablePath: String?
  /// `--vdir`, which beats the config's `vdir`.
  public var vdirPath: String?
  /// Opens a steady store under its lock before anything else and reads the pinned zone,
  /// language and fingerprints through that one connection (``StoreHolder``): the nightly run's
  /// choice, which would otherwise open a read-only connection for that look, then the store.
  public var opensStoreFirst = false
  /// A batch user's night: no working folder or crontab of their own. A relative path in their
  /// config is refused (``ConfigLoader/hasWorkingFolder``), and a crontab block installed from
  /// their store elsewhere is not refreshed (the crontab is the batch's account's).
  public var isBatchUser = false
  /// The batch's record of live sources that stopped answering (``SyncBreaker``); nil for one
  /// command, which tries its source whatever happened to others.
  public var syncBreaker: SyncBreaker?
  /// The machine's zone (`/etc/localtime`) as already read, with the warning reading it gave;
  /// nil reads it. A batch reads it once for all its users.
  public var machineZone: (zone: TimeZone?, warning: String?)?

  public init(
    configPath: String? = nil, databasePath: String? = nil, now: String? = nil,
    timeZone: String? = nil, weightUnit: WeightUnit? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, lockWaitSeconds: Double = 10,
    executablePath: String? = nil, vdirPath: String? = nil
  ) {
    self.vdirPath = vdirPath
    self.configPath = configPath
    self.databasePath = databasePath
    self.now = now
    self.timeZone = timeZone
    self.weightUnit = weightUnit
    self.environment = environment
    self.lockWaitSeconds = lockWaitSeconds
    self.executablePath = executablePath
  }
}
