//! A JSON value that keeps its fields in the order they were written, and [`capture`], which
//! turns any `Serialize` value into one.
//!
//! A rule system's report extras (its exact duel's figures and plan) are its own types, which
//! the generic report model cannot name; the system hands them over captured as [`Json`], and
//! `results.json` prints them exactly as the typed value would print (field order kept, every
//! number the same `f64` or integer), which `serde_json::Value` cannot promise: its objects
//! sort their keys.

use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

/// An ordered JSON tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`, a boolean, a number or a string.
    Scalar(Value),
    Array(Vec<Json>),
    /// Fields in the order they were serialised.
    Object(Vec<(String, Json)>),
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Scalar(v) => v.serialize(s),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for i in items {
                    seq.serialize_element(i)?;
                }
                seq.end()
            }
            Json::Object(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

/// `value` as an ordered JSON tree. Panics only on what JSON cannot hold (a map key that is not
/// a string, an enum variant with data): report types hold neither.
pub fn capture<T: Serialize + ?Sized>(value: &T) -> Json {
    value.serialize(Capture).expect("report extras serialise as plain JSON")
}

struct Capture;

fn scalar<T: Serialize>(v: T) -> Result<Json, serde_json::Error> {
    serde_json::to_value(v).map(Json::Scalar)
}

/// Collects the elements of an array (sequences, tuples, fixed-size arrays).
struct Seq(Vec<Json>);

/// Collects the fields of an object (structs, maps, flattened structs).
struct Map {
    fields: Vec<(String, Json)>,
    key: Option<String>,
}

impl Serializer for Capture {
    type Ok = Json;
    type Error = serde_json::Error;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Impossible<Json, serde_json::Error>;
    type SerializeMap = Map;
    type SerializeStruct = Map;
    type SerializeStructVariant = Impossible<Json, serde_json::Error>;

    fn serialize_bool(self, v: bool) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Json, Self::Error> {
        // serde_json prints an f32 with f32 digits; a Value would hold it as an f64.
        Err(ser::Error::custom(format!("f32 {v} in report extras: use f64")))
    }
    fn serialize_f64(self, v: f64) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_char(self, v: char) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_str(self, v: &str) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Json, Self::Error> {
        scalar(v)
    }
    fn serialize_none(self) -> Result<Json, Self::Error> {
        Ok(Json::Scalar(Value::Null))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Json, Self::Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Json, Self::Error> {
        Ok(Json::Scalar(Value::Null))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Json, Self::Error> {
        Ok(Json::Scalar(Value::Null))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Json, Self::Error> {
        scalar(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<Json, Self::Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Json, Self::Error> {
        Ok(Json::Object(vec![(variant.to_string(), v.serialize(Capture)?)]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Self::Error> {
        Ok(Seq(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, Self::Error> {
        Ok(Seq(Vec::with_capacity(len)))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq, Self::Error> {
        Ok(Seq(Vec::with_capacity(len)))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Self::Error> {
        Err(ser::Error::custom(format!("tuple variant of {name} in report extras")))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map, Self::Error> {
        Ok(Map { fields: Vec::new(), key: None })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Map, Self::Error> {
        Ok(Map { fields: Vec::with_capacity(len), key: None })
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Self::Error> {
        Err(ser::Error::custom(format!("struct variant of {name} in report extras")))
    }
}

impl SerializeSeq for Seq {
    type Ok = Json;
    type Error = serde_json::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Self::Error> {
        self.0.push(v.serialize(Capture)?);
        Ok(())
    }
    fn end(self) -> Result<Json, Self::Error> {
        Ok(Json::Array(self.0))
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = Json;
    type Error = serde_json::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Self::Error> {
        SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<Json, Self::Error> {
        SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Seq {
    type Ok = Json;
    type Error = serde_json::Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Self::Error> {
        SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<Json, Self::Error> {
        SerializeSeq::end(self)
    }
}

impl SerializeMap for Map {
    type Ok = Json;
    type Error = serde_json::Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Self::Error> {
        match k.serialize(Capture)? {
            Json::Scalar(Value::String(s)) => {
                self.key = Some(s);
                Ok(())
            }
            other => Err(ser::Error::custom(format!("map key {other:?} is not a string"))),
        }
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Self::Error> {
        let k = self.key.take().ok_or_else(|| ser::Error::custom("map value without a key"))?;
        self.fields.push((k, v.serialize(Capture)?));
        Ok(())
    }
    fn end(self) -> Result<Json, Self::Error> {
        Ok(Json::Object(self.fields))
    }
}

impl ser::SerializeStruct for Map {
    type Ok = Json;
    type Error = serde_json::Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Result<(), Self::Error> {
        self.fields.push((key.to_string(), v.serialize(Capture)?));
        Ok(())
    }
    fn end(self) -> Result<Json, Self::Error> {
        Ok(Json::Object(self.fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize)]
    struct Inner {
        zeta: f64,
        alpha: u8,
    }

    #[derive(serde::Serialize)]
    struct Outer {
        #[serde(flatten)]
        inner: Inner,
        name: &'static str,
        pair: [Inner; 2],
        list: Vec<f64>,
        none: Option<u8>,
    }

    #[test]
    fn captured_prints_as_the_typed_value() {
        let v = Outer {
            inner: Inner { zeta: 0.1 + 0.2, alpha: 3 },
            name: "x",
            pair: [Inner { zeta: 1.0 / 3.0, alpha: 0 }, Inner { zeta: f64::NAN, alpha: 255 }],
            list: vec![],
            none: None,
        };
        let typed = serde_json::to_string_pretty(&v).unwrap();
        assert_eq!(serde_json::to_string_pretty(&capture(&v)).unwrap(), typed);
        assert!(typed.find("zeta").unwrap() < typed.find("alpha").unwrap(), "field order kept");
    }
}
