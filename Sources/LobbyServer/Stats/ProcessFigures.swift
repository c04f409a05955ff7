import Foundation
import Glibc

/// What the kernel says about this process: processor time, resident set, threads.
struct ProcessFigures: Equatable {
    /// User plus system processor time, in seconds.
    var cpuSeconds: Double
    /// Resident set size, in bytes (0 when `/proc` is not there).
    var rssBytes: Int
    /// Threads of the process (0 when `/proc` is not there).
    var threads: Int

    /// The figures now.
    static func current() -> ProcessFigures {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu =
            seconds(usage.ru_utime.tv_sec, usage.ru_utime.tv_usec)
            + seconds(usage.ru_stime.tv_sec, usage.ru_stime.tv_usec)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return ProcessFigures(
            cpuSeconds: cpu, rssBytes: (field("VmRSS", in: status) ?? 0) * 1024,
            threads: field("Threads", in: status) ?? 0)
    }

    private static func seconds(_ whole: Int, _ micro: Int) -> Double {
        Double(whole) + Double(micro) / 1_000_000
    }

    /// The first number on the `name:` line of a `/proc/<pid>/status` text.
    static func field(_ name: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).drop(while: { $0 == " " || $0 == "\t" })
            return Int(digits.prefix(while: \.isNumber))
        }
        return nil
    }
}
