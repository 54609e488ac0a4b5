Feature: invariants
