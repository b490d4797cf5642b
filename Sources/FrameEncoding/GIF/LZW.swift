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
  // Children lists for the lossy search: first child of a code, next sibling, suffix byte.
  private let firstChild = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  private let nextSibling = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  private let suffix = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
  private var packed: [UInt8] = []

  init() {
    table.initialize(repeating: 0, count: Self.hashSize)
    firstChild.initialize(repeating: 0xFFFF, count: 4096)
    nextSibling.initialize(repeating: 0xFFFF, count: 4096)
    suffix.initialize(repeating: 0, count: 4096)
  }

  deinit {
    table.deallocate()
    firstChild.deallocate()
    nextSibling.deallocate()
    suffix.deallocate()
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
    precondition((2...8).contains(minCodeSize))
    let n = indices.count
    packed.removeAll(keepingCapacity: true)
    packed.reserveCapacity(n + n / 2 + 16)
    let clear = 1 << minCodeSize
    let eoi = clear + 1
    var codeSize = minCodeSize + 1
    var next = clear + 2
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    let lossy = accept != nil
    let mask = UInt64(Self.hashSize - 1)

    @inline(__always) func emit(_ code: Int) {
      bitBuffer |= UInt64(code) << UInt64(bitCount)
      bitCount += codeSize
      while bitCount >= 8 {
        packed.append(UInt8(truncatingIfNeeded: bitBuffer))
        bitBuffer >>= 8
        bitCount -= 8
      }
    }
    @inline(__always) func slot(_ key: UInt64) -> Int {
      Int(((key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask)
    }
    func reset() {
      stamp &+= 1
      codeSize = minCodeSize + 1
      next = clear + 2
      if lossy { firstChild.update(repeating: 0xFFFF, count: 4096) }
    }
    reset()
    emit(clear)
    if n > 0 {
      var code = Int(indices[0])
      chosen?[0] = indices[0]
      var p = 1
      let stampBits = stamp << 32
      var currentStamp = stampBits
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
        if let accept {
          var c = firstChild[code]
          var matched = -1
          while c != 0xFFFF {
            if accept.accepts(p, suffix[Int(c)]) { matched = Int(c); break }
            c = nextSibling[Int(c)]
          }
          if matched >= 0 {
            code = matched
            chosen![p] = suffix[matched]
            p += 1
            continue
          }
        }
        emit(code)
        // h is the empty slot where key belongs.
        let newCode = next
        table[h] = currentStamp | key << 12 | UInt64(newCode)
        if lossy {
          suffix[newCode] = k
          nextSibling[newCode] = firstChild[code]
          firstChild[code] = UInt16(newCode)
        }
        next += 1
        if newCode >= (1 << codeSize) && codeSize < 12 { codeSize += 1 }
        if next == 4096 {
          emit(clear)
          reset()
          currentStamp = stamp << 32
        }
        code = Int(k)
        chosen?[p] = k
        p += 1
      }
      _ = stampBits
      emit(code)
    }
    emit(eoi)
    if bitCount > 0 { packed.append(UInt8(truncatingIfNeeded: bitBuffer)) }
    // Container: min code size, sub-blocks, terminator.
    output.append(UInt8(minCodeSize))
    var i = 0
    while i < packed.count {
      let len = min(255, packed.count - i)
      output.append(UInt8(len))
      output.append(contentsOf: packed[i..<(i + len)])
      i += len
    }
    output.append(0)
  }
}

/// What lossy LZW may substitute: pixel p accepts palette index k when k is the transparent
/// index and the pixel may stay as it is on screen (`keepable[p] != 0`), or when the pixel is
/// opaque (`target[p] < 1 << 24`, 0xRRGGBB) and every channel of `palette[k]` is within
/// `tolerance` of it.
struct LossyTarget {
  let target: UnsafePointer<UInt32>
  let keepable: UnsafePointer<UInt8>
  let palette: UnsafePointer<UInt32>
  let transparent: Int
  let tolerance: Int32

  @inline(__always) func accepts(_ p: Int, _ k: UInt8) -> Bool {
    if Int(k) == transparent { return keepable[p] != 0 }
    let t = target[p]
    if t >= 1 << 24 { return false }
    let c = palette[Int(k)]
    let dr = Int32(truncatingIfNeeded: (t >> 16) & 0xFF) - Int32(truncatingIfNeeded: (c >> 16) & 0xFF)
    let dg = Int32(truncatingIfNeeded: (t >> 8) & 0xFF) - Int32(truncatingIfNeeded: (c >> 8) & 0xFF)
    let db = Int32(truncatingIfNeeded: t & 0xFF) - Int32(truncatingIfNeeded: c & 0xFF)
    return abs(dr) <= tolerance && abs(dg) <= tolerance && abs(db) <= tolerance
  }
}

/// Decodes GIF LZW image data (the sub-block payload joined, after the minimum code size
/// byte) into at most `count` indices. Throws `EncodingError.gif` on an invalid code.
/// Used by the tests and by `GIFReader`; tolerant of missing end-of-information codes.
func lzwDecode(_ data: [UInt8], minCodeSize: Int, count: Int) throws -> [UInt8] {
  guard (2...8).contains(minCodeSize) else { throw EncodingError.gif("LZW minimum code size \(minCodeSize) is outside 2...8") }
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
