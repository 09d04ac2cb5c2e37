import Foundation

/// Packs where plateau detection stopped into a compact blob, and unpacks it.
///
/// Every night reads the stored state back to resume detection. As JSON through `Codable` it
/// took 3.2 million instructions to decode on a five-year store, a twentieth of an unchanged
/// night (callgrind); this layout is read field by field. Little-endian, versioned by its first
/// byte, each lift written once and referred to by its index, lifts and runs in the lifts'
/// order, so the same state always gives the same bytes:
///
///     version(1)
///     lifts:    count, per lift: name(text) germanName(flag, text) lowerBody(1) slug(text)
///     runs:     count, per run: lift kilograms(f64) weight(f64) unit(1) sessionIDs
///     plateaus: count, per plateau: lift weight(f64) unit(1) sessionIDs formedAt(f64)
///               formedDate(day) isCurrent(1)
///     latest:   count, per lift: lift plateau
///
/// Counts, lifts and plateaus are varints, a day a zigzagged varint, `sessionIDs` a count and
/// that many texts, `formedAt` seconds since 2001 (the `Date`'s own value, so it survives
/// exactly). Only a state detection can leave decodes: lifts, runs and latest strictly in order,
/// every index in range, no run or plateau without sessions; anything else is nil, and the night
/// replays detection from the start.
public enum PlateauStateCoder {
  static let version: UInt8 = 1

  public static func encode(_ state: PlateauDetector.State) -> [UInt8] {
    let lifts = Set(state.runs.keys).union(state.latest.keys).union(state.plateaus.map(\.lift))
      .sorted(by: PlateauDetector.State.precedes)
    let index = Dictionary(uniqueKeysWithValues: lifts.enumerated().map { ($1, $0) })
    var bytes: [UInt8] = [version]
    func count(_ value: Int) { ByteWriter.appendVarint(UInt64(value), to: &bytes) }
    func unit(_ unit: WeightUnit) { bytes.append(unit == .pounds ? 1 : 0) }
    func sessionIDs(_ ids: [String]) {
      count(ids.count)
      for id in ids { ByteWriter.appendText(id, to: &bytes) }
    }
    count(lifts.count)
    for lift in lifts {
      ByteWriter.appendText(lift.name, to: &bytes)
      bytes.append(lift.germanName == nil ? 0 : 1)
      if let german = lift.germanName { ByteWriter.appendText(german, to: &bytes) }
      bytes.append(lift.lowerBody ? 1 : 0)
      ByteWriter.appendText(lift.slug, to: &bytes)
    }
    let runs = state.runs.sorted { index[$0.key]! < index[$1.key]! }
    count(runs.count)
    for (lift, run) in runs {
      count(index[lift]!)
      ByteWriter.appendDouble(run.kilograms, to: &bytes)
      ByteWriter.appendDouble(run.weight, to: &bytes)
      unit(run.unit)
      sessionIDs(run.sessionIDs)
    }
    count(state.plateaus.count)
    for plateau in state.plateaus {
      count(index[plateau.lift]!)
      ByteWriter.appendDouble(plateau.weight, to: &bytes)
      unit(plateau.unit)
      sessionIDs(plateau.sessionIDs)
      ByteWriter.appendDouble(plateau.formedAt.timeIntervalSinceReferenceDate, to: &bytes)
      ByteWriter.appendSigned(plateau.formedDate.daysSinceEpoch, to: &bytes)
      bytes.append(plateau.isCurrent ? 1 : 0)
    }
    let latest = state.latest.sorted { index[$0.key]! < index[$1.key]! }
    count(latest.count)
    for (lift, plateau) in latest {
      count(index[lift]!)
      count(plateau)
    }
    return bytes
  }

  /// The state in `bytes`, or nil when the blob is truncated, malformed, of an unknown version,
  /// or not a state detection leaves.
  public static func decode(_ bytes: UnsafeRawBufferPointer) -> PlateauDetector.State? {
    var reader = ByteReader(bytes: bytes)
    guard reader.byte() == version, let liftCount = reader.count() else { return nil }
    func flag() -> Bool? {
      guard let byte = reader.byte(), byte < 2 else { return nil }
      return byte == 1
    }
    func sessionIDs() -> [String]? {
      guard let count = reader.count(), count > 0 else { return nil }
      var ids: [String] = []
      ids.reserveCapacity(min(count, reader.remaining))
      for _ in 0..<count {
        guard let id = reader.text() else { return nil }
        ids.append(id)
      }
      return ids
    }
    var lifts: [Lift] = []
    lifts.reserveCapacity(min(liftCount, reader.remaining))
    for _ in 0..<liftCount {
      guard let name = reader.text(), let hasGerman = flag() else { return nil }
      let german = hasGerman ? reader.text() : nil
      guard hasGerman == (german != nil), let lowerBody = flag(), let slug = reader.text() else { return nil }
      let lift = Lift(name: name, germanName: german, lowerBody: lowerBody, slug: slug)
      if let last = lifts.last, !PlateauDetector.State.precedes(last, lift) { return nil }
      lifts.append(lift)
    }
    // A lift's index, in range and past `after`: runs and latest are in the lifts' order.
    func lift(after: Int = -1) -> Int? {
      guard let index = reader.count(), index < lifts.count, index > after else { return nil }
      return index
    }
    var state = PlateauDetector.State()
    guard let runCount = reader.count() else { return nil }
    var previous = -1
    for _ in 0..<runCount {
      guard let index = lift(after: previous), let kilograms = reader.double(), let weight = reader.double(),
        let pounds = flag(), let ids = sessionIDs()
      else { return nil }
      state.runs[lifts[index]] = PlateauDetector.Run(
        kilograms: kilograms, weight: weight, unit: pounds ? .pounds : .kilograms, sessionIDs: ids)
      previous = index
    }
    guard let plateauCount = reader.count() else { return nil }
    state.plateaus.reserveCapacity(min(plateauCount, reader.remaining))
    for _ in 0..<plateauCount {
      guard let index = lift(), let weight = reader.double(), let pounds = flag(), let ids = sessionIDs(),
        let formedAt = reader.double(), let formedDay = reader.signed(), let isCurrent = flag()
      else { return nil }
      state.plateaus.append(
        Plateau(
          lift: lifts[index], weight: weight, unit: pounds ? .pounds : .kilograms, sessionIDs: ids,
          formedAt: Date(timeIntervalSinceReferenceDate: formedAt),
          formedDate: LocalDate(daysSinceEpoch: formedDay), isCurrent: isCurrent))
    }
    guard let latestCount = reader.count() else { return nil }
    previous = -1
    for _ in 0..<latestCount {
      guard let index = lift(after: previous), let plateau = reader.count(), plateau < state.plateaus.count
      else { return nil }
      state.latest[lifts[index]] = plateau
      previous = index
    }
    guard reader.isAtEnd else { return nil }
    return state
  }
}
