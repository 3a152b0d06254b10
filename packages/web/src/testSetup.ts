import { configure } from '@testing-library/react';

// a busy CI machine renders antd tables in seconds, not the library's default 1 s: waiting longer
// changes no outcome, only how long a failing wait takes to say so
configure({ asyncUtilTimeout: 10_000 });
