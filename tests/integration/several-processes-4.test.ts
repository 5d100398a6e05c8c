// 4 real server processes on one SQLite DATA_DIR (issue #28, docs/decisions/0037-processes-on-one-sqlite-file.md):
// the suite is tests/support/several-processes.ts. SQLite only (the server project).
import { describeProcessesOnOneFile } from '../support/several-processes';

describeProcessesOnOneFile(4);
