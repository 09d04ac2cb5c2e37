import Foundation

/// A number written with two decimal places, as C's `%.2f` writes it: "0.43", "-1.50", "12.00".
///
/// `String(format:)` goes through Foundation's formatter on Linux, 15,000 instructions a number;
/// every workout reminder's reason quotes its confidence so, every night. This is the same
/// text from the double's exact binary value: rounded to the nearest hundredth, a tie (only
/// a value whose binary expansion ends exactly halfway, as 0.125 does) to the even hundredth,
/// as glibc and Darwin's `printf` round. 0.345 is 0.34499999999999997… in binary, so it is
/// "0.34", as `%.2f` has it, not the "0.35" that rounding `value * 100` would give.
public enum TwoDecimals {
  /// `value` with two decimal places ("-0.00" for a negative value that rounds to zero, as
  /// `%.2f`); what is not finite or not below 10^15 goes to `String(format:)` itself.
  public static func text(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.2f", value) }
    return written(rounded(abs(value)), negative: value.sign == .minus)
  }

  /// Non-negative `value` with two decimal places, rounded down: never a text above the value,
  /// so a confidence just under a threshold is not shown as the threshold (0.446 is "0.44").
  public static func floorText(_ value: Double) -> String {
    guard value.isFinite, value >= 0, value < 1e15 else { return text(value) }
    var hundredths = rounded(value)
    // Rounded to nearest, the text is at most half a hundredth above the value.
    if Double(hundredths) / 100 > value { hundredths -= 1 }
    return written(hundredths, negative: false)
  }

  private static func written(_ hundredths: UInt64, negative: Bool) -> String {
    let sign = negative ? "-" : ""
    let whole = hundredths / 100
    let fraction = hundredths % 100
    return sign + String(whole) + (fraction < 10 ? ".0" : ".") + String(fraction)
  }

  /// `value * 100` (non-negative, below 1e15) rounded to the nearest integer from its exact
  /// binary value, ties to even.
  static func rounded(_ value: Double) -> UInt64 {
    guard value != 0 else { return 0 }
    // value = significand × 2^exponent with a 53-bit integer significand.
    let significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
    // Below 10^15 < 2^50 the exponent is negative: shift is at least 3.
    let shift = 52 - Int(value.exponent)
    // significand × 100 < 2^60: exact in 64 bits. Past 63 places the value is below 2^-10,
    // so its hundredths round to zero (as do subnormals, whose significand this is not).
    guard shift < 64 else { return 0 }
    let scaled = significand * 100
    let quotient = scaled >> UInt64(shift)
    let remainder = scaled & ((1 << UInt64(shift)) - 1)
    let half = UInt64(1) << UInt64(shift - 1)
    if remainder > half || (remainder == half && quotient & 1 == 1) { return quotient + 1 }
    return quotient
  }
}
