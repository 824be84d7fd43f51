//! Global memory as the golden model sees it: a set of allocated regions (buffers, the kernarg
//! segment, the dispatch packet, scratch). An access that is not wholly inside one region is
//! a fault, reported with its address.

use std::fmt;

/// Where allocations start: above the first 4 GiB, so that a truncated 32-bit pointer is
/// never a valid address.
pub const HEAP_BASE: u64 = 0x1_0000_0000;
/// Unmapped bytes left between regions, so that running off the end of one faults.
const GUARD: u64 = 0x1_0000;

/// One allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub base: u64,
    pub bytes: Vec<u8>,
    /// What it holds, for messages (`arg0`, `kernarg segment`, ...).
    pub name: String,
}

impl Region {
    pub fn end(&self) -> u64 {
        self.base + self.bytes.len() as u64
    }
}

/// An access outside every region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemFault {
    pub addr: u64,
    pub len: usize,
    pub write: bool,
}

impl fmt::Display for MemFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.write { "write" } else { "read" };
        write!(f, "{what} of {} bytes at {:#x} is outside every allocated buffer", self.len, self.addr)
    }
}

/// The regions, sorted by base address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    regions: Vec<Region>,
    next: u64,
}

impl Memory {
    /// Allocates `size` zeroed bytes aligned to `align` (a power of two, at least 256) and
    /// returns the address.
    pub fn alloc(&mut self, size: u64, align: u64, name: &str) -> u64 {
        let align = align.max(256).next_power_of_two();
        let start = self.next.max(HEAP_BASE).next_multiple_of(align);
        self.next = start + size.max(1) + GUARD;
        let bytes = vec![0; usize::try_from(size).unwrap_or(usize::MAX)];
        self.regions.push(Region { base: start, bytes, name: name.to_string() });
        start
    }

    /// Allocates a region holding `data`.
    pub fn alloc_with(&mut self, data: &[u8], align: u64, name: &str) -> u64 {
        let base = self.alloc(data.len() as u64, align, name);
        if let Some(r) = self.regions.last_mut() {
            r.bytes.copy_from_slice(data);
        }
        base
    }

    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Moves out the bytes of the region starting at `base` (the region stays, empty).
    pub fn take_region(&mut self, base: u64) -> Option<Vec<u8>> {
        let r = self.regions.iter_mut().find(|r| r.base == base)?;
        Some(std::mem::take(&mut r.bytes))
    }

    /// The region that holds `addr`.
    pub fn region_at(&self, addr: u64) -> Option<&Region> {
        let i = self.regions.partition_point(|r| r.base <= addr);
        self.regions[..i].last().filter(|r| addr < r.end())
    }

    fn locate(&self, addr: u64, len: usize) -> Option<(usize, usize)> {
        let i = self.regions.partition_point(|r| r.base <= addr).checked_sub(1)?;
        let r = &self.regions[i];
        let off = usize::try_from(addr - r.base).ok()?;
        (off.checked_add(len)? <= r.bytes.len()).then_some((i, off))
    }

    /// Whether `len` bytes at `addr` lie in one region (`write`: for the message only).
    pub fn check(&self, addr: u64, len: usize, write: bool) -> Result<(), MemFault> {
        self.locate(addr, len).map(|_| ()).ok_or(MemFault { addr, len, write })
    }

    /// Reads `out.len()` bytes at `addr`.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), MemFault> {
        let (i, off) = self.locate(addr, out.len()).ok_or(MemFault { addr, len: out.len(), write: false })?;
        out.copy_from_slice(&self.regions[i].bytes[off..off + out.len()]);
        Ok(())
    }

    /// Writes `data` at `addr`.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> Result<(), MemFault> {
        let (i, off) =
            self.locate(addr, data.len()).ok_or(MemFault { addr, len: data.len(), write: true })?;
        self.regions[i].bytes[off..off + data.len()].copy_from_slice(data);
        Ok(())
    }

    /// The bytes [lo, hi) when one region holds all of them.
    pub fn span_mut(&mut self, lo: u64, hi: u64) -> Option<&mut [u8]> {
        let len = usize::try_from(hi.checked_sub(lo)?).ok()?;
        let (i, off) = self.locate(lo, len)?;
        Some(&mut self.regions[i].bytes[off..off + len])
    }

    pub fn read_u8(&self, addr: u64) -> Result<u8, MemFault> {
        let mut b = [0];
        self.read(addr, &mut b)?;
        Ok(b[0])
    }

    pub fn read_u32(&self, addr: u64) -> Result<u32, MemFault> {
        let mut b = [0; 4];
        self.read(addr, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    pub fn write_u32(&mut self, addr: u64, v: u32) -> Result<(), MemFault> {
        self.write(addr, &v.to_le_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_separate_and_bounded() {
        let mut m = Memory::default();
        let a = m.alloc(16, 256, "a");
        let b = m.alloc_with(&[1, 2, 3, 4], 4096, "b");
        assert!(a >= HEAP_BASE && b % 4096 == 0 && b > a + 16);
        m.write_u32(a + 12, 0xdead_beef).expect("inside a");
        assert_eq!(m.read_u32(a + 12), Ok(0xdead_beef));
        assert_eq!(m.read_u32(b), Ok(0x0403_0201));
        // One byte past the end, and the guard gap between regions.
        assert_eq!(m.read_u32(a + 13), Err(MemFault { addr: a + 13, len: 4, write: false }));
        assert!(m.write_u32(a + 16, 0).is_err());
        assert!(m.read_u32(0).is_err());
        assert!(m.read_u32(u64::MAX - 1).is_err());
        assert_eq!(m.region_at(b + 3).map(|r| r.name.as_str()), Some("b"));
        assert!(m.region_at(b + 4).is_none());
    }
}
