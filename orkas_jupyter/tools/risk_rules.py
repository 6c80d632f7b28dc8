"""The risk classifier's vocabulary: risk classes, the blocked list, per-program rules and the
sensitive-path table. `risk.py` lexes a command and applies these; sources of each table are
listed in docs/tools.md."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field


class RiskClass(enum.StrEnum):
    """Categories that route a command to the approval callback."""

    EXFILTRATION = "exfiltration"
    DESTRUCTIVE_DELETE = "destructive_delete"
    PRIVILEGE_ESCALATION = "privilege_escalation"
    SENSITIVE_PATHS = "sensitive_paths"
    REMOTE_CODE = "remote_code"
    # Changes (not only deletes) a path outside the workspace and the authorised folders.
    OUTSIDE_WORKSPACE = "outside_workspace"
    # Code that runs a shell command it builds at run time, which no classifier can read.
    SHELL_FROM_CODE = "shell_from_code"
    # A call of an outside tool (an MCP server's) that its server marks destructive.
    MCP_DESTRUCTIVE = "mcp_destructive"
    # Markdown written into the notebook that loads an image from a remote host when shown.
    REMOTE_IMAGE = "remote_image"
    # A web request whose address carries data to a host the user has not named.
    OUTBOUND_DATA = "outbound_data"


@dataclass(frozen=True)
class Finding:
    """One reason a command is risky."""

    risk: RiskClass
    reason: str


@dataclass
class RiskAssessment:
    """The verdict for one command: findings (need approval) and a block reason (never run)."""

    findings: list[Finding] = field(default_factory=list)
    blocked: str | None = None

    @property
    def classes(self) -> list[RiskClass]:
        """Distinct risk classes in the order first found."""
        seen: list[RiskClass] = []
        for f in self.findings:
            if f.risk not in seen:
                seen.append(f.risk)
        return seen

    @property
    def risky(self) -> bool:
        """True when the command needs approval."""
        return bool(self.findings)

    def reasons(self, risk: RiskClass) -> list[str]:
        """The reasons recorded for one class."""
        return [f.reason for f in self.findings if f.risk == risk]

    def add(self, risk: RiskClass, reason: str) -> None:
        """Record a finding once."""
        finding = Finding(risk, reason)
        if finding not in self.findings:
            self.findings.append(finding)

    def block(self, reason: str) -> None:
        """Mark the command as never to be run (first reason wins)."""
        if self.blocked is None:
            self.blocked = reason


DEL = RiskClass.DESTRUCTIVE_DELETE
EXF = RiskClass.EXFILTRATION
PRIV = RiskClass.PRIVILEGE_ESCALATION
SENS = RiskClass.SENSITIVE_PATHS
RCE = RiskClass.REMOTE_CODE
OUT = RiskClass.OUTSIDE_WORKSPACE

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "csh", "tcsh", "ash",
                    "busybox"})
INTERPRETERS = frozenset({"python", "python2", "python3", "pypy", "pypy3", "perl", "ruby",
                          "node", "nodejs", "deno", "bun", "php", "lua", "osascript", "Rscript",
                          "rscript", "julia"})
DOWNLOADERS = frozenset({"curl", "wget", "fetch", "aria2c", "http", "https", "xh", "lwp-request",
                         "GET"})
DECODERS = frozenset({"base64", "base32", "xxd", "openssl", "uudecode", "rev", "gunzip", "zcat",
                      "bzcat", "xzcat"})
NETWORK_TOOLS = frozenset({"curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "scp",
                           "sftp", "ftp", "tftp", "rsync", "ssh", "http", "https", "xh", "mail",
                           "mailx", "sendmail", "mutt", "dig", "nslookup", "drill", "aws",
                           "gsutil", "rclone", "openssl"})
_PRIV_WRAPPERS = frozenset({"sudo", "doas", "pkexec", "runuser", "gosu", "su-exec", "sudoedit",
                            "setpriv", "chroot", "nsenter", "unshare", "capsh"})
_WRAPPERS = _PRIV_WRAPPERS | frozenset({
    "env", "nice", "nohup", "time", "timeout", "stdbuf", "ionice", "chrt", "setsid", "command",
    "builtin", "exec", "xargs", "caffeinate", "unbuffer", "busybox", "strace", "ltrace",
    "torsocks", "proxychains", "proxychains4", "watch", "flock", "taskset", "then", "do"})
# Options that take a separate value, per wrapper, so the value is not taken for the program.
_WRAPPER_VALUE_OPTS: dict[str, frozenset[str]] = {
    "sudo": frozenset({"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R"}),
    "doas": frozenset({"-u", "-C"}),
    "env": frozenset({"-u", "-C", "--unset", "--chdir"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "-n", "-p", "-P", "-u"}),
    "timeout": frozenset({"-s", "-k", "--signal", "--kill-after"}),
    "xargs": frozenset({"-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a", "--max-args",
                        "--max-procs", "--delimiter", "--arg-file"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
    "watch": frozenset({"-n", "--interval", "-d"}),
    "strace": frozenset({"-o", "-e", "-p", "-s"}),
    "runuser": frozenset({"-u", "-g", "-G"}),
    "taskset": frozenset(), "chrt": frozenset(), "flock": frozenset({"-w", "-E"}),
    "exec": frozenset({"-a"}),
}
# Wrappers whose first plain argument is not the program (a duration, priority, lock, mask).
_WRAPPER_SKIP_ONE = frozenset({"timeout", "chrt", "flock", "taskset", "chroot"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")

SYSTEM_DIRS = ("/etc/", "/usr/", "/boot/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/",
               "/System/", "/Library/")
ROOT_TARGETS = frozenset({"/", "/*", "~", "~/", "~/*", "$HOME", "${HOME}", "$HOME/*", "/home",
                          "/root", "/usr", "/etc", "/var", "/bin", "/sbin", "/lib", "/lib64",
                          "/boot", "/opt", "/dev", "/proc", "/sys", "/System", "/Users",
                          "/Library", "/srv", "/mnt", "/media", "/snap", ".*", "/.*"})
_DISK = re.compile(r"^/dev/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|dm-|mapper/|loop)")

BLOCK_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(\b\w+|:)\s*\(\)\s*\{[^}]*?\1\s*\|\s*\1\s*&"),
     "a fork bomb (a function that endlessly spawns copies of itself)"),
    (re.compile(r">\s*/dev/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk)\w*"),
     "writes raw data over a disk device"),
)

_S = r"(?:^|(?<=[\s'\"=:/<>(,@]))"
_E = r"(?=$|[\s'\"/;|&)<>,:])"
SENSITIVE_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), reason) for p, reason in (
        (_S + r"\.ssh" + _E, "touches SSH keys or config (~/.ssh)"),
        (_S + r"\.aws" + _E, "touches AWS credentials (~/.aws)"),
        (_S + r"\.gnupg" + _E, "touches GnuPG keys (~/.gnupg)"),
        (_S + r"\.(azure|kube|oci|terraform\.d|password-store|docker/config\.json)" + _E,
         "touches cloud, cluster or password-store credentials"),
        (_S + r"\.config/(gcloud|gh|hub|op|doctl)" + _E, "touches CLI credentials in ~/.config"),
        (_S + r"\.(netrc|pgpass|git-credentials|npmrc|pypirc|vault-token|my\.cnf)" + _E,
         "touches a credentials file"),
        (r"(keyrings|Keychains|kwalletd|\.local/share/keyrings)", "touches a keyring"),
        (r"\bid_(rsa|dsa|ecdsa|ed25519)(_sk)?\b", "touches an SSH private key"),
        (r"[\w*-]\.(pem|key|p12|pfx|jks|keystore)" + _E, "touches a key or certificate store"),
        (r"/etc/ssl/private\b", "touches TLS private keys"),
        (r"169\.254\.169\.254|metadata\.google\.internal|fd00:ec2::254|169\.254\.170\.2",
         "queries the cloud metadata service (instance credentials)"),
        (r"/etc/(shadow|gshadow|sudoers|master\.passwd|ssh/ssh_host)", "touches system "
                                                                        "credential files"),
        (r"/etc/passwd\b", "reads the system account list (/etc/passwd)"),
        (r"/proc/[\w$]+/environ", "reads another process's environment"),
        (_S + r"\.env(\.(?!example\b|sample\b|template\b|dist\b)[\w.-]+)?" + _E,
         "reads a .env secrets file"),
        (r"\.(bash|zsh|sh|python|psql|mysql|node_repl|sqlite)_history\b", "reads shell or "
                                                                           "REPL history"),
        (r"(Login Data|logins\.json|key[34]\.db|cookies\.sqlite|/Cookies\b)",
         "touches browser credential stores"),
        (_S + r"\.orkas" + _E, "touches Orkas's own data (sessions, memory, settings)"),
        (r"\bsecurity\s+(find-(generic|internet)-password|dump-keychain|export)",
         "reads the macOS keychain"),
        (r"\bsecret-tool\s+(lookup|search)|\bkeyctl\s+(print|read|pipe)|\bkwallet-query\b",
         "reads a keyring"),
        (r"\bgpg2?\b.*--export-secret", "exports GnuPG private keys"),
        (r"\b(aws\s+configure\s+(get|export-credentials)|gcloud\s+auth\s+print-"
         r"(access|identity)-token|gh\s+auth\s+token|az\s+account\s+get-access-token|"
         r"git\s+credential\s+fill|docker-credential-)", "prints stored credentials"),
    ))
VAR_REFERENCE = re.compile(r"(?:\$\{?|\bprintenv\s+)([A-Za-z_][A-Za-z0-9_]*)")


def unwrap(words: list[str], result: RiskAssessment) -> tuple[list[str], set[str]]:
    """The words of the real program after assignments and wrappers (`sudo`, `env`, `timeout`,
    `xargs`, …); records privilege escalation for `sudo`-like wrappers."""
    seen: set[str] = set()
    i = 0
    while i < len(words):
        word = words[i]
        name = word.rsplit("/", 1)[-1]
        if _ASSIGNMENT.match(word):
            i += 1
            continue
        if name not in _WRAPPERS or (name == "busybox" and i + 1 >= len(words)):
            break
        seen.add(name)
        if name in _PRIV_WRAPPERS:
            result.add(PRIV, f"runs a command through {name}")
        takes_value = _WRAPPER_VALUE_OPTS.get(name, frozenset())
        i += 1
        skipped_one = name not in _WRAPPER_SKIP_ONE
        while i < len(words):
            opt = words[i]
            if opt == "--":
                i += 1
                break
            if opt.startswith("-") and len(opt) > 1:
                i += 2 if opt in takes_value else 1
                continue
            if name == "env" and _ASSIGNMENT.match(opt):
                i += 1
                continue
            if not skipped_one:
                skipped_one = True
                i += 1
                continue
            break
    return words[i:], seen


def _has_flag(args: list[str], short: str, *longs: str) -> bool:
    for a in args:
        if a.startswith("--"):
            if a.split("=", 1)[0] in longs:
                return True
        elif a.startswith("-") and len(a) > 1 and any(c in a[1:] for c in short):
            return True
    return False


def _targets(args: list[str]) -> list[str]:
    return [a for a in args if not a.startswith("-") or a in ("-", "-1")]


def _norm_target(t: str) -> str:
    return t if t in ("/", "/*") else t.rstrip("/") or "/"


def judge_program(program: str, args: list[str], result: RiskAssessment) -> list[str]:
    """Record findings for one program with its arguments; returns nested shell code
    (`find -exec …`) for the caller to classify."""
    nested: list[str] = []
    targets = _targets(args)
    if program in ("rm", "unlink", "shred", "srm", "wipe", "truncate", "rmtrash", "trash-put"):
        recursive = _has_flag(args, "rR", "--recursive")
        if program == "rm" and recursive and (
                "--no-preserve-root" in args
                or any(_norm_target(t) in ROOT_TARGETS for t in targets)):
            result.block("recursively deletes the root, home or a system folder")
        kind = "recursively deletes" if recursive else "deletes or destroys"
        result.add(DEL, f"{kind} files ({program})")
    elif program == "find":
        if "-delete" in args:
            result.add(DEL, "deletes the files it finds (find -delete)")
        for i, a in enumerate(args):
            if a in ("-exec", "-execdir", "-ok", "-okdir"):
                rest = []
                for b in args[i + 1:]:
                    if b in (";", "+", "\\;"):
                        break
                    rest.append(b)
                nested.append(" ".join(_quote(w) for w in rest))
    elif program == "git":
        _judge_git(args, result)
    elif program == "dd":
        out = next((a[3:] for a in args if a.startswith("of=")), None)
        if out and _DISK.match(out):
            result.block("writes raw data over a disk device")
        if out and out != "/dev/null":
            result.add(DEL, f"overwrites {out} with dd")
    elif program.startswith("mkfs") or program in ("mke2fs", "wipefs", "fdisk", "sfdisk",
                                                   "parted", "gdisk", "sgdisk", "mkswap",
                                                   "blkdiscard", "cfdisk"):
        if any(_DISK.match(t) for t in targets):
            result.block("formats or repartitions a disk device")
        result.add(DEL, f"formats or repartitions storage ({program})")
    elif program in ("shutdown", "reboot", "halt", "poweroff") or (
            program in ("init", "telinit") and targets[:1] in (["0"], ["6"])) or (
            program == "systemctl" and targets[:1] in (["poweroff"], ["reboot"], ["halt"],
                                                        ["kexec"])):
        result.block("shuts down or restarts the machine")
    elif program in ("kill", "pkill", "killall"):
        if "-1" in targets or any("$PPID" in a for a in args):
            result.block("kills every process, or the Jupyter kernel itself")
    elif program == "cp" and targets[:1] == ["/dev/null"] and len(targets) > 1:
        result.add(DEL, f"empties {targets[-1]} (cp /dev/null)")
    elif program == "mv" and targets and targets[-1] == "/dev/null":
        result.add(DEL, "moves files to /dev/null (deletes them)")
    elif program == "rsync":
        if any(a.startswith("--delete") or a == "--remove-source-files" for a in args):
            result.add(DEL, "deletes files while syncing (rsync --delete)")
        if any(re.match(r"^([\w.-]+@)?[\w.-]+:(?!//)", t) or t.startswith("rsync://")
               for t in targets):
            result.add(EXF, "copies files to or from another machine (rsync)")
    elif program in ("scp", "sftp", "ftp", "tftp", "lftp", "ssh", "sshpass", "mosh", "autossh",
                     "nc", "ncat", "netcat", "socat", "telnet", "cryptcat", "mail", "mailx",
                     "sendmail", "mutt", "swaks", "ngrok", "cloudflared", "localtunnel",
                     "bore", "frpc", "chisel"):
        result.add(EXF, f"opens a network channel to another machine ({program})")
    elif program == "openssl" and targets[:1] == ["s_client"]:
        result.add(EXF, "opens a network channel to another machine (openssl s_client)")
    elif program == "curl":
        if _has_flag(args, "dFT", "--data", "--data-raw", "--data-binary", "--data-urlencode",
                     "--data-ascii", "--form", "--form-string", "--upload-file", "--json") or \
                _method(args, "-X", "--request"):
            result.add(EXF, "sends data to a server (curl upload/POST)")
    elif program == "wget":
        if any(a.split("=", 1)[0] in ("--post-data", "--post-file", "--body-data",
                                      "--body-file") for a in args) or _method(args, "--method"):
            result.add(EXF, "sends data to a server (wget POST)")
    elif program in ("http", "https", "xh", "httpie"):
        if any(a in ("POST", "PUT", "PATCH") for a in args) or any(
                re.match(r"^[\w.-]+(:=|==|=|@)", a) for a in targets[1:]):
            result.add(EXF, "sends data to a server (httpie)")
    elif program in ("chmod",):
        if any(t.startswith(SYSTEM_DIRS) for t in targets):
            result.add(PRIV, "changes permissions of system files")
        if any(re.fullmatch(r"[ugoa]*[+=][rwxXt]*s[rwxXt]*|[0-7]?[2467][0-7]{3}", t)
               for t in targets):
            result.add(PRIV, "sets the setuid/setgid bit")
        if _has_flag(args, "R", "--recursive") and any(
                _norm_target(t) in ROOT_TARGETS for t in targets):
            result.block("changes permissions of the whole system recursively")
    elif program in ("chown", "chgrp"):
        if any(t.startswith(SYSTEM_DIRS) for t in targets[1:]):
            result.add(PRIV, "changes ownership of system files")
        if _has_flag(args, "R", "--recursive") and any(
                _norm_target(t) in ROOT_TARGETS for t in targets[1:]):
            result.block("changes ownership of the whole system recursively")
        if targets and re.match(r"^(root|0)?([:.](root|0|wheel|sudo|admin))?$", targets[0]) \
                and targets[0] not in ("", ":"):
            result.add(PRIV, "gives files to root")
    elif program in ("su", "setcap", "mount", "umount", "insmod", "modprobe", "rmmod",
                     "visudo", "passwd", "chpasswd", "useradd", "usermod", "adduser", "userdel",
                     "deluser", "groupadd", "gpasswd", "newgrp", "addgroup", "vipw", "pwck"):
        result.add(PRIV, f"changes users, privileges or the kernel ({program})")
    elif program == "sysctl" and any(a == "-w" or "=" in a for a in args):
        result.add(PRIV, "changes kernel parameters (sysctl)")
    elif program in ("systemctl", "service", "launchctl", "crontab", "update-rc.d", "chkconfig"):
        verbs = {"enable", "disable", "start", "stop", "restart", "reload", "mask",
                 "daemon-reload", "kill", "load", "unload", "bootstrap", "bootout", "submit",
                 "remove", "-e", "-r"}
        if (program == "crontab" and "-l" not in args) or set(args) & verbs:
            result.add(PRIV, f"changes system services or scheduled tasks ({program})")
    elif program in ("apt", "apt-get", "aptitude", "yum", "dnf", "pacman", "apk", "zypper",
                     "dpkg", "rpm", "snap", "port") and set(args) & {
            "install", "remove", "purge", "autoremove", "upgrade", "dist-upgrade", "-i", "-e",
            "-S", "-R", "-U", "add", "del", "erase", "-P", "-r"}:
        result.add(PRIV, f"installs or removes system packages ({program})")
    elif program in ("cp", "mv", "install", "ln", "tee", "sed", "patch"):
        if any(t.startswith(SYSTEM_DIRS) for t in targets):
            result.add(PRIV, f"modifies system files ({program})")
    elif program in ("docker", "podman", "nerdctl"):
        _judge_docker(program, args, result)
    else:
        _judge_cloud(program, targets, result)
    return nested


def _method(args: list[str], *opts: str) -> bool:
    for i, a in enumerate(args):
        for opt in opts:
            value = args[i + 1] if a == opt and i + 1 < len(args) else (
                a.split("=", 1)[1] if a.startswith(opt + "=") else
                a[len(opt):] if opt.startswith("-X") and a.startswith(opt) and a != opt else "")
            if value.upper() in ("POST", "PUT", "PATCH"):
                return True
    return False


def _judge_git(args: list[str], result: RiskAssessment) -> None:
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in ("-C", "-c") else 1
    sub, rest = (args[i], args[i + 1:]) if i < len(args) else ("", [])
    if sub == "clean" and _has_flag(rest, "f", "--force"):
        result.add(DEL, "deletes untracked files (git clean -f)")
    elif sub == "reset" and "--hard" in rest:
        result.add(DEL, "discards uncommitted changes (git reset --hard)")
    elif sub in ("checkout", "restore") and ("." in rest or "--" in rest or "-f" in rest):
        result.add(DEL, f"discards uncommitted changes (git {sub})")
    elif sub == "push":
        if _has_flag(rest, "fd", "--force", "--force-with-lease", "--delete", "--mirror",
                     "--prune") or any(r.startswith((":", "+")) for r in rest):
            result.add(DEL, "rewrites or deletes remote history (git push --force/--delete)")
        if any(re.match(r"^(https?|ssh|git|file)://|^[\w.-]+@[\w.-]+:", r) for r in rest):
            result.add(EXF, "pushes to a repository given by URL")
    elif sub == "rm" and "--cached" not in rest:
        result.add(DEL, "deletes tracked files (git rm)")
    elif sub == "branch" and ("-D" in rest or ("-d" in rest and "--force" in rest)):
        result.add(DEL, "deletes a branch (git branch -D)")
    elif sub == "stash" and rest[:1] in (["drop"], ["clear"]):
        result.add(DEL, "deletes stashed changes")
    elif sub in ("filter-branch", "filter-repo") or (sub == "reflog" and rest[:1] == ["expire"]):
        result.add(DEL, f"rewrites repository history (git {sub})")


def _judge_docker(program: str, args: list[str], result: RiskAssessment) -> None:
    sub = next((a for a in args if not a.startswith("-")), "")
    if sub in ("run", "create", "exec"):
        joined = " ".join(args)
        if re.search(r"--privileged|--cap-add|--(pid|userns|ipc|uts)[= ]host|"
                     r"(-v|--volume|--mount)[= ](/|/etc|/root|/var/run/docker\.sock)(:|,| |$)|"
                     r"source=/(,|$)", joined):
            result.add(PRIV, f"starts a privileged container or mounts the host ({program})")
    elif sub in ("rm", "rmi", "prune") or (sub in ("system", "volume", "image", "container",
                                                   "network", "builder")
                                          and set(args) & {"prune", "rm"}):
        result.add(DEL, f"deletes containers, images or volumes ({program} {sub})")


def _judge_cloud(program: str, targets: list[str], result: RiskAssessment) -> None:
    words = targets
    if program == "aws" and words[:1] == ["s3"] and len(words) > 1:
        if words[1] in ("rm", "rb"):
            result.add(DEL, "deletes cloud storage objects (aws s3)")
        elif words[1] in ("cp", "mv", "sync") and any(w.startswith("s3://") for w in words[3:]):
            result.add(EXF, "uploads files to cloud storage (aws s3)")
    elif program in ("aws", "gcloud", "az", "doctl") and any(
            w.startswith(("delete", "terminate", "destroy", "purge")) for w in words):
        result.add(DEL, f"deletes cloud resources ({program})")
    elif program == "gsutil" and words[:1] in (["rm"], ["rb"]):
        result.add(DEL, "deletes cloud storage objects (gsutil)")
    elif program == "gsutil" and words[:1] in (["cp"], ["mv"], ["rsync"]) and any(
            w.startswith("gs://") for w in words[2:]):
        result.add(EXF, "uploads files to cloud storage (gsutil)")
    elif program == "rclone" and words[:1] in (["delete"], ["purge"], ["deletefile"]):
        result.add(DEL, "deletes remote files (rclone)")
    elif program == "rclone" and words[:1] in (["copy"], ["sync"], ["move"], ["copyto"]):
        result.add(EXF, "copies files to a remote (rclone)")
    elif program in ("kubectl", "helm") and words[:1] in (["delete"], ["uninstall"]):
        result.add(DEL, f"deletes cluster resources ({program})")
    elif program == "terraform" and (words[:1] == ["destroy"] or "-destroy" in words):
        result.add(DEL, "destroys infrastructure (terraform destroy)")
    elif program == "gh" and words[:2] == ["gist", "create"]:
        result.add(EXF, "uploads files to a public gist")
    elif program == "dropdb" or (program == "mysqladmin" and "drop" in words):
        result.add(DEL, "drops a database")


def _quote(word: str) -> str:
    return word if re.fullmatch(r"[\w@%+=:,./{}-]+", word) else "'" + word.replace("'", "") + "'"
