// Interposes the malloc family in the test executable (an executable's definitions take
// precedence over libc's) and forwards to glibc's implementations, counting per thread.
// Under AddressSanitizer the sanitizer owns the malloc family (forwarding to glibc would bypass
// it), so nothing is interposed and counting is off.
#include "AllocationCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ALLOCATION_COUNTER_OFF 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ALLOCATION_COUNTER_OFF 1
#endif

#ifdef ALLOCATION_COUNTER_OFF

int allocation_counter_is_counting(void) { return 0; }
uint64_t allocation_counter_thread_total(void) { return 0; }

#else

int allocation_counter_is_counting(void) { return 1; }

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));

uint64_t allocation_counter_thread_total(void) { return thread_allocations; }

void *malloc(size_t size) {
    thread_allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    thread_allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    thread_allocations++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    thread_allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    thread_allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    thread_allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

#endif
