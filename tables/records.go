package tables

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Records is a value stored beside the tables under bucket Kind, key Key:
// data that is not a function of time, such as the eclipse catalog. The
// bucket holds plain keys and no sub-buckets, so Open's loader, which reads
// only the sub-buckets of a kind as tables, passes over it and the table
// format is unchanged.
type Records struct {
	Kind  Kind
	Key   string
	Value []byte
}

// putRecords stores rs in tx (Write).
func putRecords(tx *bolt.Tx, rs []Records) error {
	for _, r := range rs {
		if r.Kind == bucketFile {
			return fmt.Errorf("records: bucket %q is reserved", r.Kind)
		}
		b, err := tx.CreateBucketIfNotExists([]byte(r.Kind))
		if err != nil {
			return err
		}
		if b.Bucket([]byte(r.Key)) != nil {
			return fmt.Errorf("records %s/%s: the key names a table", r.Kind, r.Key)
		}
		if err := b.Put([]byte(r.Key), r.Value); err != nil {
			return fmt.Errorf("records %s/%s: %w", r.Kind, r.Key, err)
		}
	}
	return nil
}

// Record returns the value stored under kind/key by Write's records, or nil
// (also for sets built by NewSet, which hold tables only). The bytes are
// the file's memory map: valid until Close, and read only.
func (s *Set) Record(kind Kind, key string) []byte {
	if s.tx == nil {
		return nil
	}
	b := s.tx.Bucket([]byte(kind))
	if b == nil {
		return nil
	}
	return b.Get([]byte(key))
}
