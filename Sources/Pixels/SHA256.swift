import CCrypto

/// SHA-256 (FIPS 180-4), used for frame pixel hashes so that anyone can check a hash with
/// standard tools (`sha256sum` over the raw RGBA bytes). OpenSSL's libcrypto computes it: a
/// snapshot test hashes every frame, and libcrypto uses the CPU's SHA instructions where they
/// exist, whatever the build configuration (docs/build-speed.md).
package enum SHA256 {
  /// The 32-byte digest of `bytes`.
  public static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let done = bytes.withUnsafeBytes { input in
      out.withUnsafeMutableBufferPointer { md in
        EVP_Digest(input.baseAddress, input.count, md.baseAddress, &length, EVP_sha256(), nil)
      }
    }
    // EVP_Digest fails only when OpenSSL cannot allocate a context or lacks SHA-256.
    precondition(done == 1 && length == 32, "OpenSSL's SHA-256 failed")
    return out
  }

  /// The digest of `bytes` as 64 lowercase hex digits (what `sha256sum` prints).
  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(64)
    for byte in digest(bytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
