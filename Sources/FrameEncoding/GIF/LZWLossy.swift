/// Lossy LZW (`LZWEncoder.codeLossy`): the dictionary tree it keeps and its search for the
/// longest acceptable string.
extension LZWEncoder {
  /// What the exact match reads of a code of the lossy dictionary, in 8 bytes so that the
  /// whole table (32 KB) stays in the first-level cache while the match chases it. Child
  /// fields hold 0 for none: code 0 is a root, never a child.
  struct Node {
    /// The child last found or made: a one-entry cache in front of the children list. Always
    /// the newest child with its index (that is what the list walk finds).
    var recent: UInt16 = 0
    /// The child with the longest string below it.
    var tallest: UInt16 = 0
    /// 1 + the longest string below any other child than `tallest` (0 when there is none).
    var others: UInt16 = 0
    /// `recent`'s suffix, so the exact match tests it without loading `recent`'s link.
    var recentSuffix: UInt8 = 0
  }

  /// The rest of a code of the lossy dictionary: the string of `prefix` (0xFFFF for a root)
  /// followed by index `suffix` (in the code's `Link`), and its children.
  struct Lineage {
    /// Children list, newest first (continued by the children's `Link.next`); 0 for none.
    var firstChild: UInt16 = 0
    var prefix: UInt16 = 0xFFFF
  }

  /// What a walk along a children list reads of each child, packed in one word so that the
  /// whole table (16 KB) stays in the first-level cache while the search chases siblings:
  /// suffix (bits 24–31), height, the longest string below the code (12–23, 0 for a leaf), and
  /// the next sibling (0–11, 0 for none).
  enum Link {
    @inline(__always) static func make(suffix: UInt8, next: Int) -> UInt32 { UInt32(suffix) << 24 | UInt32(next) }
    @inline(__always) static func suffix(_ l: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: l >> 24) }
    @inline(__always) static func height(_ l: UInt32) -> Int { Int((l >> 12) & 0xFFF) }
    @inline(__always) static func next(_ l: UInt32) -> Int { Int(l & 0xFFF) }
    @inline(__always) static func with(_ l: UInt32, height: Int) -> UInt32 {
      l & 0xFF00_0FFF | UInt32(truncatingIfNeeded: height) << 12
    }
  }

  /// A code's children's suffixes folded into 32 bits (bit `suffix mod 32`): a clear bit
  /// proves that no child has that suffix, so the exact match ends without walking the
  /// children list, as it does at the end of nearly every string.
  enum SuffixMask {
    @inline(__always) static func bit(_ suffix: UInt8) -> UInt32 { 1 << UInt32(suffix & 31) }
  }

  /// Lossy LZW: from each position, the longest dictionary string whose every pixel is
  /// acceptable (exact or within tolerance), found by a bounded depth-first search.
  ///
  /// The dictionary is a tree: children lists (first child, next sibling, newest first), the
  /// height of each subtree, and per node its tallest child and the height the other children
  /// reach. The search first follows the exact match, noting at each level how far the
  /// branches off it could reach; then it tries substitutions, deepest branching point first
  /// (a depth-first search's order), skipping every level and subtree too short to beat the
  /// best string so far. Most levels of a long exact match branch off into nothing longer, so
  /// that note turns a walk over children lists per level into one comparison. Returns the
  /// next free code.
  func codeLossy(
    _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, chosen ch: UnsafeMutablePointer<UInt8>,
    accept: LossyTarget, into out: inout CodeWriter
  ) -> Int {
    let n = indices.count
    let ix = indices.baseAddress!
    let clear = 1 << minCodeSize
    // The tables as locals: read through `self`, every access reloads the pointer (the
    // compiler cannot tell that stores through them leave the object alone).
    let nodes = self.nodes, links = self.links, lineage = self.lineage, pathNode = self.pathNode, reach = self.reach
    let childMasks = self.childMasks
    var search = Search(
      nodes: nodes, links: links, lineage: lineage, stackNode: stackNode, stackDepth: stackDepth, stackErr: stackErr,
      accept: accept)
    let searchBudget = self.searchBudget
    var next = clear + 2
    // Codes from `next` on are initialized when they are made; only the roots need a reset.
    @inline(__always) func resetRoots() {
      for r in 0..<clear {
        nodes[r] = Node()
        lineage[r] = Lineage()
        links[r] = Link.make(suffix: UInt8(truncatingIfNeeded: r), next: 0)
        childMasks[r] = 0
      }
    }
    resetRoots()
    // Every pixel is coded as it is unless a string substitutes it: copied here in one pass,
    // each string then writes only its substituted tail.
    ch.update(from: ix, count: n)
    var p = 0
    // Squared error spent so far, and the even spread of the budget per pixel, in 1/256ths.
    var spent: Int64 = 0
    let budget256 = Int64(min(accept.budget * 256, 1e15)), perPixel256 = budget256 / Int64(max(1, n))
    while p < n {
      let root = Int(ix[p])
      // 1. The exact match: follow the dictionary while the next pixel's index has a child,
      // noting at each level how long a string through another child could get.
      var (node, exactLen, farthest) = Self.followExact(
        nodes, links, lineage, childMasks, from: root, along: ix + p + 1, count: n - p - 1, path: pathNode, reach: reach
      )
      let last = p + exactLen < n ? exactLen &+ Link.height(links[node]) : 0
      reach[exactLen] = Int32(truncatingIfNeeded: last)
      farthest = max(farthest, last)
      var bestCode = node, bestLen = exactLen, bestErr: Int32 = 0
      // 2. Substitutions, at the levels whose branches could beat the best string.
      var budget = searchBudget
      search.top = 0
      // Squared error this string may still add: the even spread so far plus one pixel's worst
      // error (so a substitution can come early), never past the frame's whole budget.
      let allowance = Int32(
        clamping: max(0, min(budget256, perPixel256 &* Int64(p + 1) &+ 3 * 255 * 256) &- spent) >> 8)
      // No branch reaches past the exact match: nothing to search.
      var level = farthest > exactLen ? exactLen : 0
      while true {
        while level >= 1 && Int(reach[level]) <= bestLen { level &-= 1 }
        if level < 1 { break }
        let q0 = p + level
        let x0 = accept.subject(q0)
        // A pixel that takes only its own index (flat) has no branch to try here.
        if x0.tolerance != 0 {
          search.pushAccepted(
            Int(pathNode[level - 1]), x0, own: ix[q0], depth: level, err: 0, allowance: allowance, bestLen: bestLen)
        }
        while search.top > 0 && budget > 0 {
          search.top -= 1
          let top = search.top
          let node = Int(stackNode[top])
          var depth = Int(stackDepth[top])
          let err = stackErr[top]
          // Nothing below this node can beat the best string any more.
          if abs(depth) + Link.height(links[node]) <= bestLen { continue }
          // Substituted pixels (negative depth) cost search budget; exact extensions are free.
          if depth < 0 { depth = -depth; budget -= 1 }
          if depth > bestLen { bestLen = depth; bestCode = node; bestErr = err }
          let q = p + depth
          if q >= n { continue }
          let want = ix[q]
          // Push acceptable children, then the exact one, so that it is explored first. A
          // pixel that takes only its own index (flat) has only the exact child to follow;
          // when the exact child is the tallest and the others reach no further than the best
          // string, none of them can be pushed either.
          let exact = Int(Self.exactChild(nodes, links, lineage, childMasks, node, want))
          let record = nodes[node]
          if exact == 0 || Int(record.tallest) != exact || depth + Int(record.others) > bestLen {
            let x = accept.subject(q)
            if x.tolerance != 0 {
              search.pushAccepted(node, x, own: want, depth: depth, err: err, allowance: allowance, bestLen: bestLen)
            }
          }
          if exact != 0 && search.top < 4095 && depth + 1 + Link.height(links[exact]) > bestLen {
            search.push(exact, depth: depth + 1, err: err)
          }
        }
        if budget <= 0 { break }
        level &-= 1
      }
      spent &+= Int64(bestErr) << 8
      // The coded pixels: walk the string back from its last code to where it leaves the
      // exact match (its code of length i - p + 1 is the exact match's); before that, the
      // pixels are coded as they are (already in `ch`).
      var c = bestCode
      var i = p + bestLen - 1
      while i >= p && !(i - p < exactLen && c == Int(pathNode[i - p])) {
        ch[i] = Link.suffix(links[c])
        c = Int(lineage[c].prefix)
        i -= 1
      }
      out.emit(bestCode)
      let qn = p + bestLen
      if qn < n {
        let newCode = next
        let k = ix[qn]
        nodes[newCode] = Node()
        links[newCode] = Link.make(suffix: k, next: Int(lineage[bestCode].firstChild))
        lineage[newCode] = Lineage(prefix: UInt16(bestCode))
        childMasks[newCode] = 0
        childMasks[bestCode] |= SuffixMask.bit(k)
        lineage[bestCode].firstChild = UInt16(newCode)
        nodes[bestCode].recent = UInt16(newCode)
        nodes[bestCode].recentSuffix = k
        // Heights up the ancestors, as far as they grow, with each node's tallest child and
        // what its other children reach.
        var x = UInt16(newCode), cx: UInt16 = 1, u = bestCode
        while true {
          let hu = UInt16(truncatingIfNeeded: Link.height(links[u]))
          if hu >= cx {
            // Not taller: at most the other children's reach grows; nothing above changes.
            if nodes[u].tallest != x && cx > nodes[u].others { nodes[u].others = cx }
            break
          }
          if hu == 0 {
            nodes[u].tallest = x; nodes[u].others = 0
          } else if nodes[u].tallest != x {
            nodes[u].others = hu; nodes[u].tallest = x
          }
          links[u] = Link.with(links[u], height: Int(cx))
          let pre = lineage[u].prefix
          if pre == 0xFFFF { break }
          x = UInt16(truncatingIfNeeded: u); cx &+= 1; u = Int(pre)
        }
        next += 1
        if newCode >= (1 << out.codeSize) && out.codeSize < 12 { out.codeSize += 1 }
        if next == 4096 {
          out.emit(clear)
          out.codeSize = minCodeSize + 1
          next = clear + 2
          resetRoots()
        }
      }
      p = qn
    }
    return next
  }

  /// The lossy search's view of the dictionary and its stack, as plain pointers.
  struct Search {
    let nodes: UnsafeMutablePointer<Node>
    let links: UnsafeMutablePointer<UInt32>
    let lineage: UnsafeMutablePointer<Lineage>
    let stackNode: UnsafeMutablePointer<UInt16>
    let stackDepth: UnsafeMutablePointer<Int32>
    let stackErr: UnsafeMutablePointer<Int32>
    let accept: LossyTarget
    var top = 0

    @inline(__always) mutating func push(_ node: Int, depth: Int, err: Int32) {
      stackNode[top] = UInt16(truncatingIfNeeded: node)
      stackDepth[top] = Int32(truncatingIfNeeded: depth)
      stackErr[top] = err
      top += 1
    }

    /// Pushes the children of `base` that pixel `x` (the string's pixel `depth`, whose own
    /// index is `own`) accepts instead of `own`, within `allowance` on top of `err` and tall
    /// enough to beat `bestLen`, as substitutions (negative depth), in the children list's
    /// order (newest first).
    @inline(__always) mutating func pushAccepted(
      _ base: Int, _ x: LossyTarget.Subject, own: UInt8, depth: Int, err: Int32, allowance: Int32, bestLen: Int
    ) {
      var c = Int(lineage[base].firstChild)
      while c != 0 {
        let link = links[c]
        let k = Link.suffix(link)
        if k != own && top < 4000 && depth + 1 + Link.height(link) > bestLen {
          let e = accept.cost(x, k)
          if e >= 0 && err + e <= allowance { push(c, depth: -(depth + 1), err: err + e) }
        }
        c = Link.next(link)
      }
    }
  }

  /// The exact match of lossy LZW: from `root`, the dictionary's longest string that `pixels`
  /// continue, its nodes into `path` (by depth − 1) and at each depth d < its length, in
  /// `reach[d]`, how long a string through another child of the node there could get (with
  /// their maximum). Its own function: the hottest loop of the coder gets the registers to
  /// itself.
  @inline(never)
  private static func followExact(
    _ nodes: UnsafeMutablePointer<Node>, _ links: UnsafeMutablePointer<UInt32>,
    _ lineage: UnsafeMutablePointer<Lineage>, _ childMasks: UnsafeMutablePointer<UInt32>, from root: Int,
    along pixels: UnsafePointer<UInt8>, count: Int,
    path: UnsafeMutablePointer<UInt16>, reach: UnsafeMutablePointer<Int32>
  ) -> (node: Int, length: Int, farthest: Int) {
    var node = root
    path[0] = UInt16(truncatingIfNeeded: root)
    var farthest = 0
    var d = 0
    while d < count {
      let want = pixels[d]
      let base = nodes[node]
      var c = base.recent
      if c == 0 || base.recentSuffix != want {
        if childMasks[node] & SuffixMask.bit(want) == 0 { break }
        c = childOf(nodes, links, lineage, node, want)
        if c == 0 { break }
      }
      d &+= 1
      let r = d &+ (c == base.tallest ? Int(base.others) : Link.height(links[node]))
      reach[d] = Int32(truncatingIfNeeded: r)
      farthest = max(farthest, r)
      node = Int(c)
      path[d] = c
    }
    return (node, d &+ 1, farthest)
  }

  /// The child of `node` with index `want` (0 if none): the remembered one, else none when the
  /// suffix mask rules it out, else from the children list.
  @inline(__always)
  private static func exactChild(
    _ nodes: UnsafeMutablePointer<Node>, _ links: UnsafeMutablePointer<UInt32>,
    _ lineage: UnsafeMutablePointer<Lineage>, _ childMasks: UnsafeMutablePointer<UInt32>, _ node: Int, _ want: UInt8
  ) -> UInt16 {
    let base = nodes[node]
    if base.recent != 0 && base.recentSuffix == want { return base.recent }
    if childMasks[node] & SuffixMask.bit(want) == 0 { return 0 }
    return childOf(nodes, links, lineage, node, want)
  }

  /// The newest child of `node` with index `want` (0 if none), from its children list;
  /// remembered as the node's `recent` child.
  @inline(never)
  private static func childOf(
    _ nodes: UnsafeMutablePointer<Node>, _ links: UnsafeMutablePointer<UInt32>,
    _ lineage: UnsafeMutablePointer<Lineage>, _ node: Int, _ want: UInt8
  ) -> UInt16 {
    var c = Int(lineage[node].firstChild)
    while c != 0 {
      let link = links[c]
      if Link.suffix(link) == want { break }
      c = Link.next(link)
    }
    if c != 0 {
      nodes[node].recent = UInt16(truncatingIfNeeded: c)
      nodes[node].recentSuffix = want
    }
    return UInt16(truncatingIfNeeded: c)
  }
}
