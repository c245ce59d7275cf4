// The public entry of features/storage: what the shell and other features may use.
export { registerStoragePopups } from './StoragePopup';
export { STORAGE_POPUPS, type StoragePopupKind } from './storagePopups';
