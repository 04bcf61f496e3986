import sdkPackage from '../../../web/module-sdk/package.json' with { type: 'json' };

/**
 * The module SDK version the shell provides at run time: a release naming a bundle built for a range
 * this does not satisfy is refused. Compiled in (the image carries web/dist, not the SDK's sources), so
 * the service and the shell it was built with agree.
 */
export const MODULE_SDK_VERSION: string = sdkPackage.version;
