import Foundation

extension SpotterIOError {
  /// The same error with `redactor` applied to every text it carries: what a sync throws passes
  /// through this, so no message built from a server's bytes can show the key, whichever field
  /// the server echoed it in.
  public func redacting(_ redactor: SecretRedactor) -> SpotterIOError {
    let r = redactor.redact
    switch self {
    case .malformedRow(let file, let line, let column, let value, let reason):
      return .malformedRow(
        file: r(file), line: line, column: r(column), value: r(value), reason: reason.map(r))
    case .fieldCount: return self
    case .unknownHeader(let file, let header): return .unknownHeader(file: r(file), header: r(header))
    case .unknownStrongLanguage(let file, let found, let missing):
      return .unknownStrongLanguage(file: r(file), found: found.map(r), missing: missing.map(r))
    case .notAHistory(let file, let what, let advice):
      return .notAHistory(file: r(file), what: what.map(r), advice: advice.map(r))
    case .tooLarge(let file, let size, let limit, let kind):
      return .tooLarge(file: r(file), size: size, limit: limit, kind: kind.map(r))
    case .notUTF8(let file, let line, let value): return .notUTF8(file: r(file), line: line, value: r(value))
    case .malformedJSON(let file, let line, let field, let reason):
      return .malformedJSON(file: r(file), line: line, field: r(field), reason: reason.map(r))
    case .invalidConfig(let file, let line, let key, let value, let reason):
      return .invalidConfig(file: r(file), line: line, key: r(key), value: r(value), reason: reason.map(r))
    case .configSyntax(let file, let line, let column, let reason):
      return .configSyntax(file: r(file), line: line, column: column, reason: r(reason))
    case .configFile(let path, let reason): return .configFile(path: r(path), reason: reason.map(r))
    case .io(let path, let reason): return .io(path: r(path), reason: reason.map(r))
    case .store(let path, let reason): return .store(path: r(path), reason: reason.map(r))
    case .storeDamaged(let path, let detail): return .storeDamaged(path: r(path), detail: detail.map(r))
    case .storeBusy(let path, let detail): return .storeBusy(path: r(path), detail: detail.map(r))
    case .alreadyClaimed(let uid): return .alreadyClaimed(uid: r(uid))
    case .locked(let path, let holder): return .locked(path: r(path), holder: r(holder))
    case .crontab(let reason): return .crontab(reason: reason.map(r))
    case .liveSource(let address, let status, let reason):
      return .liveSource(address: r(address), status: status, reason: reason.map(r))
    }
  }
}
