// The app loads the realtime client and the message schemas lazily (off the start route). A test
// that renders a page subscribing to a channel ends before that import settles, and vitest then
// reports a module loaded after the test environment was torn down. Loaded here first, they come
// from the module cache at once.
import 'centrifuge';
import '../net/publications';
