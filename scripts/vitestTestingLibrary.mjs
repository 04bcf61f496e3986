// Testing Library's findBy and waitFor give up after 1 s by default. A screen that renders after a
// fetch from the fake platform takes longer than that on a busy 2-core CI machine, so a test failed
// for the machine's load and not for the screen. 5 s is still well inside the test timeout; a screen
// that never shows its element fails as before.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
