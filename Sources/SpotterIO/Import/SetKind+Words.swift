import SpotterCore

extension SetKind {
  /// The words and letters that name each kind in the exports: Strong's `W`, `D`, `F` and its
  /// newer `WARM_UP`, `DROP_SET`, `FAILURE`; Hevy's `warmup`, `dropset`, `failure`, `normal`.
  /// Compared without case, spaces, `_` or `-`, so `Warm-up`, `warm up` and `WARM_UP` are one.
  static let words: [String: SetKind] = [
    "normal": .normal, "n": .normal, "working": .normal, "regular": .normal, "standard": .normal,
    "w": .warmup, "warmup": .warmup, "warmupset": .warmup,
    "d": .drop, "drop": .drop, "dropset": .drop,
    "f": .failure, "failure": .failure, "failureset": .failure, "tofailure": .failure, "fail": .failure,
  ]

  /// The kind `text` names, or nil when it names none.
  init?(word text: String) {
    let folded = String(text.lowercased().unicodeScalars.filter { !" _-.\t".unicodeScalars.contains($0) })
    guard let kind = Self.words[folded] else { return nil }
    self = kind
  }

  /// The accepted words, for errors.
  static let acceptedWords =
    "W, D, F, warmup (WARM_UP, Warm-up), dropset (DROP_SET), failure (FAILURE), normal"
}
