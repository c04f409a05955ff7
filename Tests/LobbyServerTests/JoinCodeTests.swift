import QRCode
import Testing

@testable import LobbyServer

@Suite("The QR code of the address to join at")
struct JoinCodeTests {
    @Test("a home network's address is preferred to a container bridge's")
    func preferredAddress() {
        #expect(JoinCode.preferredAddress(among: ["172.17.0.1", "192.168.1.5"]) == "192.168.1.5")
        #expect(JoinCode.preferredAddress(among: ["172.17.0.1", "10.0.0.7"]) == "10.0.0.7")
        #expect(JoinCode.preferredAddress(among: ["100.64.0.3", "172.18.0.1"]) == "172.18.0.1")
        #expect(JoinCode.preferredAddress(among: ["192.168.1.5", "192.168.7.1"]) == "192.168.1.5")
        #expect(JoinCode.preferredAddress(among: []) == nil)
    }

    @Test("the URL names the page as a browser opens it")
    func url() {
        #expect(JoinCode.url(host: "192.168.1.5", port: 7777) == "http://192.168.1.5:7777")
        #expect(JoinCode.url(host: "fe80::1", port: 80) == "http://[fe80::1]:80")
        #expect(!JoinCode.reachableByPhones("127.0.0.1"))
        #expect(!JoinCode.reachableByPhones("localhost"))
        #expect(JoinCode.reachableByPhones("192.168.1.5"))
    }

    @Test("the page's invite shows the address the browser used, unless it is loopback")
    func inviteURL() {
        let lan = ["172.17.0.1", "192.168.1.5"]
        #expect(
            JoinCode.inviteURL(
                requestHost: "192.168.1.5:7777", port: 7777, listeningOn: "0.0.0.0",
                lanAddresses: lan) == "http://192.168.1.5:7777")
        #expect(
            JoinCode.inviteURL(
                requestHost: "gamebox.lan:7777", port: 7777, listeningOn: "0.0.0.0",
                lanAddresses: lan) == "http://gamebox.lan:7777")
        #expect(
            JoinCode.inviteURL(
                requestHost: "localhost:7777", port: 7777, listeningOn: "0.0.0.0",
                lanAddresses: lan) == "http://192.168.1.5:7777")
        #expect(
            JoinCode.inviteURL(
                requestHost: "127.0.0.1:7777", port: 7777, listeningOn: "127.0.0.1",
                lanAddresses: lan) == "http://127.0.0.1:7777")
        #expect(
            JoinCode.inviteURL(
                requestHost: "[::1]:7777", port: 7777, listeningOn: "0.0.0.0", lanAddresses: [])
                == "http://127.0.0.1:7777")
        #expect(
            JoinCode.inviteURL(
                requestHost: "evil\"><script>", port: 7777, listeningOn: "0.0.0.0",
                lanAddresses: lan) == "http://192.168.1.5:7777")
        #expect(JoinCode.hostName("[fe80::1]:80") == "fe80::1")
        #expect(JoinCode.hostName("") == nil)
        #expect(JoinCode.svg(url: "http://192.168.1.5:7777")?.hasPrefix("<svg") == true)
    }

    @Test("the terminal lines are the URL's code in half blocks, then the URL")
    func terminalLines() throws {
        let url = "http://192.168.1.5:7777"
        let lines = JoinCode.terminalLines(url: url)
        let code = try QRCode(text: url)
        #expect(lines.first == "scan to join:")
        #expect(lines.last == url)
        #expect(Array(lines.dropFirst().dropLast()) == code.halfBlockLines())
    }
}
