import Testing
@testable import Pixels

@Suite("SHA-256 (FIPS 180-4)")
struct SHA256Tests {
  @Test("Digest of the empty input matches the FIPS 180-4 test vector")
  func emptyInput() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test("Digest of 'abc' matches the FIPS 180-4 test vector")
  func abc() {
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test("Two-block message (448 bits) matches the FIPS 180-4 test vector")
  func twoBlocks() {
    let m = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(SHA256.hex(m) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test("Inputs longer than one block and not a multiple of 64 bytes hash like sha256sum")
  func longInput() {
    // 1,000,000 repetitions of 'a': the FIPS long-message vector.
    let m = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hex(m) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
