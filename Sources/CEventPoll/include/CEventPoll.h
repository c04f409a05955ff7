#ifndef CEVENTPOLL_H
#define CEVENTPOLL_H

// Linux's epoll and eventfd, which the Glibc module does not bring into Swift, behind a few
// plain functions. `struct epoll_event` is packed on x86-64 and holds a union; these calls
// take and give a flat struct instead.

#include <stdint.h>

/// One readiness report: the registration's token and what the descriptor is ready for.
typedef struct {
    uint64_t token;
    /// Input, end of input or an error is waiting: read until the socket is empty.
    uint8_t readable;
    /// Room to write has appeared (or an error is waiting).
    uint8_t writable;
    /// The peer hung up or an error is pending: read until end of file or the error.
    uint8_t hungUp;
} cep_event;

/// A new epoll instance (close-on-exec), or -1 with errno set.
int cep_create(void);

/// Watches `fd` edge-triggered for input, output and the peer's hang-up, reporting `token`.
/// 0 on success, -1 with errno set.
int cep_watch(int epfd, int fd, uint64_t token);

/// Stops watching `fd`. 0 on success, -1 with errno set.
int cep_unwatch(int epfd, int fd);

/// Waits up to `timeout_ms` (-1 for ever) for readiness; fills at most `capacity` events
/// (capacity at most 256) and returns their number, or -1 with errno set.
int cep_wait(int epfd, cep_event *events, int capacity, int timeout_ms);

/// A new non-blocking, close-on-exec eventfd, or -1 with errno set.
int cep_eventfd(void);

#endif
