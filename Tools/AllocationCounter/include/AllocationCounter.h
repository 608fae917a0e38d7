// Counts heap allocations made by the calling thread, so tests can prove a code path
// allocates nothing. The test executable's malloc family forwards to glibc and counts.
#pragma once
#include <stdint.h>

/// Allocations (malloc, calloc, realloc, aligned allocations) made so far on this thread;
/// always 0 when counting is off.
uint64_t allocation_counter_thread_total(void);

/// 1 when allocations are counted; 0 under AddressSanitizer, which owns the malloc family.
int allocation_counter_is_counting(void);
