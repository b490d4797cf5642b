/// GIF's variable-length LZW (GIF89a appendix F), encoder and decoder.
///
/// Encoder contract: `encode` appends to `output` the minimum code size byte, the LZW data
/// split into sub-blocks of at most 255 bytes, and the zero-length block terminator. Codes
/// grow from `minCodeSize + 1` to 12 bits; when code 4095 has been assigned a clear code is
/// sent and the table restarts. With a tolerance (lossy mode) a string may be extended by a
/// pixel whose own index differs from the dictionary's next index when `accept(pixel, index)`
/// says that index is good enough for that pixel; `chosen` then receives the index actually
/// coded for every pixel, which is what any decoder will show.
///
/// Memory: a fixed set of buffers reused across frames; nothing is allocated per pixel.
final class LZWEncoder {
  private static let hashBits = 13
  private static let hashSize = 1 << hashBits
  // Hash entries: stamp (32 bits) | key (20 bits: prefix << 8 | suffix) | code (12 bits).
  private let table = UnsafeMutablePointer<UInt64>.allocate(capacity: hashSize)
  private var stamp: UInt64 = 1
  // The lossy coder's dictionary tree (LZWLossy.swift): per code a record (see `Node`), its
  // lineage (see `Lineage`) and a link word (see `Link`).
  let nodes = UnsafeMutablePointer<Node>.allocate(capacity: 4096)
  let links = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
  let lineage = UnsafeMutablePointer<Lineage>.allocate(capacity: 4096)
  // Per code, which suffixes its children may have (see `SuffixMask`).
  let childMasks = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
  // DFS stack for the lossy longest-match search: node, depth, error.
  let stackNode = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  let stackDepth = UnsafeMutablePointer<Int32>.allocate(capacity: 4096)
  let stackErr = UnsafeMutablePointer<Int32>.allocate(capacity: 4096)
  // Packed codes, reused across frames (a fresh large block per frame costs page faults).
  private var packedBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
  private var packedBufferCapacity = 0
  // Nodes of the exact match, by depth − 1.
  let pathNode = UnsafeMutablePointer<UInt16>.allocate(capacity: 4097)
  // Per level of the exact match: the longest string a branch off it could make.
  let reach = UnsafeMutablePointer<Int32>.allocate(capacity: 4098)
  /// Nodes the lossy search may visit per string (bounds time on noisy input).
  var searchBudget = 96

  init() {
    table.initialize(repeating: 0, count: Self.hashSize)
    nodes.initialize(repeating: Node(), count: 4096)
    lineage.initialize(repeating: Lineage(), count: 4096)
    links.initialize(repeating: 0, count: 4096)
    childMasks.initialize(repeating: 0, count: 4096)
    stackNode.initialize(repeating: 0, count: 4096)
    stackDepth.initialize(repeating: 0, count: 4096)
    stackErr.initialize(repeating: 0, count: 4096)
    pathNode.initialize(repeating: 0, count: 4097)
    reach.initialize(repeating: 0, count: 4098)
  }

  deinit {
    table.deallocate()
    nodes.deallocate()
    lineage.deallocate()
    links.deallocate()
    childMasks.deallocate()
    stackNode.deallocate()
    stackDepth.deallocate()
    stackErr.deallocate()
    packedBuffer.deallocate()
    pathNode.deallocate()
    reach.deallocate()
  }

  /// Encodes `indices` (each < 2^minCodeSize) exactly.
  func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, into output: inout [UInt8]) {
    encode(indices, minCodeSize: minCodeSize, chosen: nil, lossy: nil, into: &output)
  }

  /// Encodes `indices`; in lossy mode (`lossy` non-nil) also writes the coded index of every
  /// pixel into `chosen` (same count as `indices`).
  func encode(
    _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int,
    chosen: UnsafeMutablePointer<UInt8>?, lossy accept: LossyTarget?,
    into output: inout [UInt8]
  ) {
    let bits = encodeBits(indices, minCodeSize: minCodeSize, chosen: chosen, lossy: accept)
    Self.appendBlocks(minCodeSize: minCodeSize, [bits], into: &output)
  }

  /// A code stream: `bitCount` bits, little-endian within `bytes`.
  struct Bits {
    var bytes: [UInt8]
    var bitCount: Int
  }

  /// Packs variable-width codes little-endian into a byte buffer, 32 bits at a time.
  struct CodeWriter {
    let packed: UnsafeMutablePointer<UInt8>
    var packedCount = 0
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    var codeSize: Int

    @inline(__always) mutating func emit(_ code: Int) {
      bitBuffer |= UInt64(code) << UInt64(bitCount)
      bitCount &+= codeSize
      if bitCount >= 32 {
        UnsafeMutableRawPointer(packed + packedCount).storeBytes(
          of: UInt32(truncatingIfNeeded: bitBuffer).littleEndian, as: UInt32.self)
        packedCount &+= 4
        bitBuffer >>= 32
        bitCount &-= 32
      }
    }

    /// Flushes the last partial bytes; returns the bits written.
    mutating func finish() -> Bits {
      let totalBits = packedCount * 8 + bitCount
      while bitCount > 0 {
        packed[packedCount] = UInt8(truncatingIfNeeded: bitBuffer)
        packedCount += 1
        bitBuffer >>= 8
        bitCount -= 8
      }
      return Bits(bytes: Array(UnsafeBufferPointer(start: packed, count: packedCount)), bitCount: totalBits)
    }
  }

  /// Codes `indices` as one segment of a frame's code stream: it starts with a clear code
  /// when `leadingClear`, and ends with the end-of-information code when `last`, otherwise
  /// with a clear code (the next segment starts from an empty table, so segments can be
  /// coded independently, in parallel, and joined bit for bit with `appendBlocks`).
  func encodeBits(
    _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int,
    chosen: UnsafeMutablePointer<UInt8>?, lossy accept: LossyTarget?,
    leadingClear: Bool = true, last: Bool = true
  ) -> Bits {
    precondition((2...8).contains(minCodeSize))
    let n = indices.count
    // Worst case: 12 bits a pixel plus clear codes.
    let packedCapacity = n * 2 + n / 64 + 64
    if packedCapacity > packedBufferCapacity {
      packedBuffer.deallocate()
      packedBuffer = .allocate(capacity: packedCapacity)
      packedBufferCapacity = packedCapacity
    }
    let clear = 1 << minCodeSize
    let eoi = clear + 1
    var out = CodeWriter(packed: packedBuffer, codeSize: minCodeSize + 1)
    if leadingClear { out.emit(clear) }
    var next = clear + 2
    if n > 0, let accept {
      next = codeLossy(indices, minCodeSize: minCodeSize, chosen: chosen!, accept: accept, into: &out)
    } else if n > 0 {
      next = codeExact(indices, minCodeSize: minCodeSize, chosen: chosen, into: &out)
    }
    // A decoder learns each table entry one code late: on reading the last code it adds the
    // entry the encoder never made (no pixel follows), and widens its codes when that entry
    // fills the width. The trailing code must be written at that width.
    if next == 1 << out.codeSize && out.codeSize < 12 { out.codeSize += 1 }
    out.emit(last ? eoi : clear)
    return out.finish()
  }

  /// Plain LZW: the dictionary is a hash of (prefix code, index) → code, emptied in O(1) by
  /// bumping the stamp stored in its entries. Returns the next free code.
  private func codeExact(
    _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, chosen: UnsafeMutablePointer<UInt8>?,
    into out: inout CodeWriter
  ) -> Int {
    let n = indices.count
    let clear = 1 << minCodeSize
    let table = self.table
    let mask = UInt64(Self.hashSize - 1)
    @inline(__always) func slot(_ key: UInt64) -> Int {
      Int(((key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask)
    }
    stamp &+= 1
    var next = clear + 2
    var code = Int(indices[0])
    chosen?[0] = indices[0]
    var p = 1
    var currentStamp = stamp << 32
    while p < n {
      let k = indices[p]
      let key = UInt64(code) << 8 | UInt64(k)
      var h = slot(key)
      var found = -1
      while true {
        let e = table[h]
        if e >> 32 != currentStamp >> 32 { break }
        if (e >> 12) & 0xFFFFF == key { found = Int(e & 0xFFF); break }
        h = (h + 1) & Int(mask)
      }
      if found >= 0 {
        code = found
        chosen?[p] = k
        p += 1
        continue
      }
      out.emit(code)
      // h is the empty slot where key belongs.
      let newCode = next
      table[h] = currentStamp | key << 12 | UInt64(newCode)
      next += 1
      if newCode >= (1 << out.codeSize) && out.codeSize < 12 { out.codeSize += 1 }
      if next == 4096 {
        out.emit(clear)
        stamp &+= 1
        currentStamp = stamp << 32
        out.codeSize = minCodeSize + 1
        next = clear + 2
      }
      code = Int(k)
      chosen?[p] = k
      p += 1
    }
    out.emit(code)
    return next
  }

  /// Appends the minimum code size, the segments joined bit for bit and split into sub-blocks
  /// of at most 255 bytes, and the block terminator.
  static func appendBlocks(minCodeSize: Int, _ segments: [Bits], into output: inout [UInt8]) {
    var joined: [UInt8]
    if segments.count == 1 {
      joined = segments[0].bytes
    } else {
      joined = []
      joined.reserveCapacity(segments.reduce(0) { $0 + $1.bytes.count } + 1)
      var acc: UInt32 = 0, accBits = 0
      for seg in segments {
        let full = seg.bitCount / 8, rem = seg.bitCount % 8
        seg.bytes.withUnsafeBufferPointer { b in
          if accBits == 0 {
            joined.append(contentsOf: b[0..<full])
          } else {
            for i in 0..<full {
              acc |= UInt32(b[i]) << UInt32(accBits)
              joined.append(UInt8(truncatingIfNeeded: acc))
              acc >>= 8
            }
          }
          if rem > 0 {
            acc |= (UInt32(b[full]) & ((1 << UInt32(rem)) - 1)) << UInt32(accBits)
            accBits += rem
            if accBits >= 8 {
              joined.append(UInt8(truncatingIfNeeded: acc))
              acc >>= 8
              accBits -= 8
            }
          }
        }
      }
      if accBits > 0 { joined.append(UInt8(truncatingIfNeeded: acc)) }
    }
    let packedCount = joined.count
    output.append(UInt8(minCodeSize))
    output.reserveCapacity(output.count + packedCount + packedCount / 255 + 4)
    joined.withUnsafeBufferPointer { packed in
      var i = 0
      while i < packedCount {
        let len = min(255, packedCount - i)
        output.append(UInt8(len))
        output.append(contentsOf: UnsafeBufferPointer(rebasing: packed[i..<(i + len)]))
        i += len
      }
    }
    output.append(0)
  }
}

/// Decodes GIF LZW image data (the sub-block payload joined, after the minimum code size
/// byte) into at most `count` indices. Throws `EncodingError.gif` on an invalid code.
/// Used by `GIFDecoder`; tolerant of missing end-of-information codes.
func lzwDecode(_ data: [UInt8], minCodeSize: Int, count: Int) throws -> [UInt8] {
  guard (2...8).contains(minCodeSize) else {
    throw EncodingError.gif("LZW minimum code size \(minCodeSize) is outside 2...8")
  }
  let clear = 1 << minCodeSize
  let eoi = clear + 1
  var prefix = [Int](repeating: -1, count: 4096)
  var suffixes = [UInt8](repeating: 0, count: 4096)
  var lengths = [Int](repeating: 1, count: 4096)
  for i in 0..<clear { suffixes[i] = UInt8(truncatingIfNeeded: i) }
  var out = [UInt8]()
  out.reserveCapacity(count)
  var codeSize = minCodeSize + 1
  var next = clear + 2
  var previous = -1
  var bitBuffer: UInt64 = 0
  var bitCount = 0
  var pos = 0
  var scratch = [UInt8](repeating: 0, count: 4096)

  func firstByte(_ code: Int) -> UInt8 {
    var c = code
    while prefix[c] >= 0 { c = prefix[c] }
    return suffixes[c]
  }

  while out.count < count {
    while bitCount < codeSize && pos < data.count {
      bitBuffer |= UInt64(data[pos]) << UInt64(bitCount)
      bitCount += 8
      pos += 1
    }
    if bitCount < codeSize { break }
    let code = Int(bitBuffer & ((1 << UInt64(codeSize)) - 1))
    bitBuffer >>= UInt64(codeSize)
    bitCount -= codeSize
    if code == clear {
      codeSize = minCodeSize + 1
      next = clear + 2
      previous = -1
      continue
    }
    if code == eoi { break }
    var entry: Int
    if code < next && (code < clear || code > eoi) {
      entry = code
      if previous >= 0 && next < 4096 {
        prefix[next] = previous
        suffixes[next] = firstByte(code)
        lengths[next] = lengths[previous] + 1
        next += 1
      }
    } else if code == next && previous >= 0 && next < 4096 {
      prefix[next] = previous
      suffixes[next] = firstByte(previous)
      lengths[next] = lengths[previous] + 1
      next += 1
      entry = code
    } else {
      throw EncodingError.gif("invalid LZW code \(code) (next free code \(next))")
    }
    // Emit the string of `entry`.
    let len = lengths[entry]
    var c = entry
    var i = len
    while i > 0 {
      i -= 1
      scratch[i] = suffixes[c]
      c = prefix[c]
    }
    out.append(contentsOf: scratch[0..<min(len, count - out.count)])
    previous = entry
    if next == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
  }
  return out
}
