#include "CEventPoll.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>

enum { max_batch = 256 };

int cep_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int cep_watch(int epfd, int fd, uint64_t token) {
    struct epoll_event event;
    event.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    event.data.u64 = token;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

int cep_unwatch(int epfd, int fd) {
    struct epoll_event unused = {0};
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &unused);
}

int cep_wait(int epfd, cep_event *events, int capacity, int timeout_ms) {
    struct epoll_event ready[max_batch];
    if (capacity > max_batch) capacity = max_batch;
    int count = epoll_wait(epfd, ready, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        uint32_t flags = ready[index].events;
        events[index].token = ready[index].data.u64;
        events[index].readable = (flags & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0;
        events[index].writable = (flags & (EPOLLOUT | EPOLLHUP | EPOLLERR)) != 0;
        events[index].hungUp = (flags & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0;
    }
    return count;
}

int cep_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}
