// Preloaded into the cognito-local child: it ends when the platform that started it ends, however
// that ends (a signal, a crash, SIGKILL), because its IPC channel to the parent then disconnects.
process.on('disconnect', () => process.exit(0));
