export interface DownloadSettings {
  trustedProxyHops: number;
}

export const DOWNLOAD_SETTINGS = Symbol('DOWNLOAD_SETTINGS');
