import SpotterCore

/// The store answers a plan's stream of repeating focus alerts a week at a time
/// (``Store/datedFocusAlerts(in:)``), under the lock of the run that reads it.
extension Store: StoredFocusAlerts {}
