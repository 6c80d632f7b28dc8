"""External packages (X3): git repositories installed unchanged under
`$ORKAS_HOME/packages/NAME`, recognised as skills (they have `SKILL.md` files: their folders
join the skill roots) and/or a CLI (executables in `bin/` or at the top: shims on the `bash`
tool's PATH), with declared Python dependencies installed into the package's own virtual
environment after one confirmation.

Everything Orkas keeps about a package lives outside its folder (`$ORKAS_HOME/packages.json`,
`$ORKAS_HOME/package-envs/NAME`, `$ORKAS_HOME/package-bin/`), so the folder stays the
repository as cloned. Clone sources are limited to https, ssh, file and local paths (never
`ext::` or another transport), and a repository with a symlink or a submodule is refused
before anything of it is checked out.

Modules: `sources` (what may be cloned), `git` (git with only those protocols), `detect`
(format and dependencies), `layout` (paths and metadata), `manager` (add, update, remove).
Imports `config` only; never `jupyter/` or `host/`.
"""

from .errors import PackageError
from .layout import installed_skill_roots, package_bin
from .manager import PackageManager

__all__ = ["PackageError", "PackageManager", "installed_skill_roots", "package_bin"]
