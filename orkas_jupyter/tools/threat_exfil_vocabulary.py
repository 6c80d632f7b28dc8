"""The fast rules' exfiltration vocabulary: commands and code that send secrets or local data
out, credential files, dangerous commands, with the literal gates each rule cannot match
without. `threat_patterns.find_exfiltration` runs them; the injection vocabulary is in
`threat_vocabulary.py`."""

from __future__ import annotations

import re

from .threat_vocabulary import _I, _rx

_NET = (r"\b(curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|s?ftp|httpie|"
        r"invoke-webrequest|invoke-restmethod|iwr|irm)\b")
_SECRET_VAR = r"\$\{?\w*(key|token|secret|passw\w*|cred\w*|auth\w*)\w*\}?"
_SINK = (r"(requests\.(post|put|patch)|"
         # a client's post, not a server's route (`@router.post("/x")`, `app.post('/x', …)`)
         r"(?:\$|(?<![@\w])(?!(?:router|app|api|bp|blueprint|server|routes?)\.post\()\w+)\.post\(|"
         r"urlopen|http\.client|socket\.socket|sendall\(|"
         r"\bcookies\s*=\s*\w|files\s*=\s*\{|bluetoothsocket|"
         r"create_connection|\.sendto\(|smtplib|smtp_ssl|yagmail|ftplib|storbinary|paramiko|"
         # a client library called, not named in prose ("a shared Axios instance", "streams
         # over WebSockets")
         r"publish\.single|axios(?:\s*\.|\()|xmlhttprequest|websockets?(?:\s*\.|\()|"
         r"new\s+websocket\b|"
         r"/dev/tcp/|curl\b.{0,80}(-F|--upload-file|-T|--data-binary)\b)")
# an environment variable read, unless it names configuration: a public build variable
# (`process.env.NEXT_PUBLIC_API_URL`) or an address, host or port
_CONFIG_VAR = (r"(?!(?:\.|\.get\(\s*|\[\s*|\(\s*)[\"']?(?:next_public_|vite_|react_app_|"
               r"expo_public_|public_|node_env\b|port\b|\w*_(?:url|uri|host|port|base_url|"
               r"endpoint|origin)\b))")
_SOURCE = (r"(os\.environ" + _CONFIG_VAR + r"|getenv" + _CONFIG_VAR + r"|process\.env"
           + _CONFIG_VAR + r"|psutil|cookie|\.ssh|keyring|getpass|clipboard|"
           r"/etc/passwd|/etc/shadow|login data|keylog|pynput|\.bash_history|wallet|open\(|"
           r"check_output|csv\.reader|query_devices|discover_devices|usb\.core|driverquery|"
           r"platform\.|gethostname|contacts)")
# Literal strings a rule cannot match without (every tuple needs one of its strings in the
# lower-cased NFKC text): `str.__contains__` rules out most texts far faster than the
# patterns' leading alternations, which the regex engine tries at every offset. A test checks
# that gated and ungated results agree on every data set.
# "rm" and each whitespace character `\s` matches that NFKC keeps ("rm -rf", "rm\t-rf")
_RM_SPACED = tuple("rm" + c for c in " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u1680\u2028\u2029")
EXFIL_GATES: dict[str, tuple[tuple[str, ...], ...]] = {
    "secret variable sent over the network": (("$",),),
    "environment dumped to the network": (("env", "export -p", "compgen"),
                                          ("|", "/dev/", "requests.", "urlopen", "fetch(")),
    "raw network device": (("/dev/",),),
    "credential file access": ((".ssh", "id_", ".aws/", ".netrc", ".pgpass", ".git-cred",
                                "/etc/shadow", ".gnupg/", ".kube/", ".docker/",
                                "authorized_keys", ".pypirc", ".npmrc"),),
    "credential in text": (("sk-", "ghp_", "github_pat_", "xox", "akia", "aiza",
                            "-----begin"),),
    "code sending local data out": (
        ("requests.", ".post(", "urlopen", "http.client", "socket", "sendall(", "cookies",
         "files", "create_connection", ".sendto(", "smtp", "yagmail", "ftplib", "storbinary",
         "paramiko", "publish.single", "axios", "xmlhttprequest", "/dev/tcp/", "curl"),
        ("os.environ", "getenv", "process.env", "psutil", "cookie", ".ssh", "keyring",
         "getpass", "clipboard", "/etc/passwd", "/etc/shadow", "login data", "keylog",
         "pynput", ".bash_history", "wallet", "open(", "check_output", "csv.reader",
         "query_devices", "discover_devices", "usb.core", "driverquery", "platform.",
         "gethostname", "contacts")),
    "code relaying fetched data to another host": (
        ("requests.get", "urlopen", "urlretrieve", "httpx.get"),),
    "command uploading a local file": (("curl",), ("@",)),
    "code that downloads and runs a program": (
        ("urlretrieve", "urlopen", "requests.get", "httpx.get", "urllib3", "wget", "curl",
         "session.get", "http.request"),
        ("exec(", "os.system(", "subprocess.", "chmod +x", "|", "nohup")),
    "command that weakens the machine's security": (
        ("permitrootlogin", "setglobalstate", "ufw", "setenforce", "advfirewall", "-disable",
         "credential.helper", "nopasswd", "777", "$(", "path=/tmp", "path=/dev/shm"),),
    "destructive command": ((*_RM_SPACED, "if=", "mkfs", "os.remove(", "systemctl", "/etc/",
                             ":()"),),
    "instruction to send secrets out": (
        ("send", "upload", "post", "forward", "mail", "exfiltrate", "transmit", "leak", "copy"),
        ("key", "token", "password", "credential", "secret", "env", "cookie"),
        ("to", "into"),
        ("http", "server", "webhook", "url", "mail", "@", "endpoint", "pastebin", "discord",
         "telegram")),
}
# The later parts of a rule of several patterns (a code rule's sink and source) must start
# within this many characters of its first part, either side, not anywhere in the text: in a
# long document (a skill, an AGENTS.md) "Axios" in the stack table and `open(` in an example
# pages later are not one program. The planted programs of the dev file keep their parts
# within about 200 characters.
EXFIL_REACH = 600
# (name, patterns that must all match, the later ones near the first: EXFIL_REACH)
EXFIL_PATTERNS: list[tuple[str, tuple[re.Pattern[str], ...]]] = [
    ("secret variable sent over the network", (
        _rx(_NET + r"[^\n]{0,200}" + _SECRET_VAR + "|" + _SECRET_VAR + r"[^\n]{0,120}\|\s*"
            + _NET, _I),)),
    ("environment dumped to the network", (_rx(
        r"\b(printenv|env|export -p|compgen -v|/proc/\S*environ|os\.environ|process\.env|"
        r"get-childitem env:|gci env:)[^\n]{0,80}(\|\s*" + _NET + r"|/dev/(tcp|udp)/|"
        r"requests\.|urlopen|fetch\()", _I),)),
    ("raw network device", (_rx(r"/dev/(tcp|udp)/\S+", _I),)),
    ("credential file access", (_rx(
        r"~/\.ssh\b|\.ssh/|\bid_(rsa|dsa|ecdsa|ed25519)\b|\.aws/credentials|(^|[\s/~])\.netrc\b|"
        r"\.pgpass\b|\.git-credentials|/etc/shadow\b|\.gnupg/|\.kube/config|"
        r"\.docker/config\.json|\bauthorized_keys\b|\.pypirc\b|\.npmrc\b", _I),)),
    ("credential in text", (_rx(
        r"\b(sk-[A-Za-z0-9_-]{20,}|ghp_[A-Za-z0-9]{30,}|github_pat_\w{20,}|xox[bpars]-[\w-]{10,}|"
        r"AKIA[0-9A-Z]{16}|AIza[\w-]{30,})|-----BEGIN [A-Z ]*PRIVATE KEY-----"),)),
    ("code sending local data out", (_rx(_SINK, _I | re.S), _rx(_SOURCE, _I))),
    ("code relaying fetched data to another host", (
        _rx(r"(requests\.get|urlopen|urlretrieve|httpx\.get)\(", _I),
        _rx(r"(storbinary|sendall\(|\.send\(|files\s*=\s*\{|requests\.post)", _I))),
    ("command uploading a local file", (_rx(
        r"\bcurl\b[\s\S]{0,120}?(-F|--form|--upload-file|-T)[\s\"',]+\S*@[~/.\w]",
        _I),)),
    ("code that downloads and runs a program", (
        # curl or wget as a command, not named in prose ("test name, curl output, etc.")
        _rx(r"(urlretrieve|urlopen|requests\.get|httpx\.get|urllib3|session\.get|http\.request|"
            r"\b(?:wget|curl)\s+(?:-|https?:|\$|[\"']|[\w.-]+\.[a-z]{2,}[/:])|"
            r"[\"'](?:wget|curl)[\"']|\bimport\s+wget\b|\bwget\.download\()", _I),
        _rx(r"\bexec\(|os\.system\(|subprocess\.(call|run|popen)\(.{0,80}(python|nohup|\./)|"
            r"chmod \+x|\|\s*(ba|z)?sh\b|nohup", _I | re.S))),
    # a "setup step" that opens the machine: root login over SSH, the firewall or SELinux or
    # the virus scanner off, credentials stored in plain text, sudo without a password, the
    # home directory writable by all, the user's name sent in a web address, binaries in /tmp
    # ahead of the system's
    ("command that weakens the machine's security", (_rx(
        r"\bPermitRootLogin\s+yes\b|socketfilterfw\s+--setglobalstate\s+off|\bufw\s+disable\b|"
        r"\bsetenforce\s+0\b|\bnetsh\s+advfirewall\s+set\s+\w+\s+state\s+off|"
        r"Set-MpPreference\s+-Disable\w+\s+\$?(?:true|1)\b|"
        r"credential\.helper\s+[\"']?store\b|\bNOPASSWD\s*:\s*ALL\b|"
        r"\bchmod\s+(?:-R\s+)?0?777\s+(?:/|~|\$HOME)(?:\s|$)|"
        r"https?://\S*\$\((?:whoami|hostname|id(?: -un)?|uname[^)]*)\)|"
        r"\bPATH=(?:/tmp|/dev/shm|/var/tmp)/", _I),)),
    ("destructive command", (_rx(
        r"\brm\s+-[a-z]*r[a-z]*f?\s+(/|~|\$home|/usr|/etc|/lib|/boot)\S*|\bdd\s+if=\S+\s+of=/dev/"
        r"(sd|nvme|hd|xvd)|\bmkfs(\.\w+)?\s+/dev/|os\.remove\([\"']/(lib|usr|etc|bin|boot)|"
        r"systemctl\s+(stop|disable)\s+\S+|>>?\s*/etc/(init\.d|rc\.local|crontab|passwd|sudoers)|"
        r":\(\)\s*\{\s*:\|:&\s*\};:", _I),)),
    ("instruction to send secrets out", (_rx(
        r"\b(send|upload|post|forward|e-?mail|exfiltrate|transmit|leak|copy)\b[^.\n]{0,60}"
        r"\b(api[ _-]?keys?|tokens?|passwords?|credentials?|secrets?|env(ironment)? var\w*|"
        r"ssh keys?|private keys?|cookies)\b[^.\n]{0,60}\b(to|into)\b[^.\n]{0,40}(https?://|"
        r"\bserver\b|webhook|\burl\b|e-?mail|@|\bendpoint\b|pastebin|discord|telegram)", _I),)),
]
